// A course's authored lesson files and built-in challenges open through their own paths (the
// lesson file's `lesson=` address, the challenge's start state): each puts its instrument on
// screen itself. A challenge's item counts no lesson progress: its proof is the completion code.
import { challengeById } from '../../lessons/challenges.ts';
import { openRoute, useChallenges } from '../challenge.ts';
import { openLessonUrl } from '../lessonDrop.ts';
import { setOpeners } from './open.ts';

export function installCourseOpeners(): void {
  setOpeners({
    async lessonUrl(url) {
      const o = await openLessonUrl(url);
      return o.opened && o.lesson ? { lab: o.lab, lesson: o.lesson, shown: true } : { error: o.message ?? 'the lesson file was refused' };
    },
    async challenge(_lab, id) {
      if (!challengeById(id)) return { error: `there is no challenge "${id.slice(0, 40)}"` };
      await openRoute({ page: 'challenge', id, seed: null, code: null });
      const a = useChallenges.getState().active;
      return a?.info.id === id ? { lab: a.info.instrument, lesson: `challenge:${id}`, shown: true } : { error: useChallenges.getState().problem ?? `the challenge "${id}" did not open` };
    },
  });
}
