// A course's authored lesson files and built-in challenges open through their own paths (the
// lesson file's `lesson=` address, the challenge's start state): each puts its instrument on
// screen itself. A challenge's item is done when its goal is met: the completion code the
// challenge bar gives is kept with the item's progress (and handed in with it).
import { challengeById } from '../../lessons/challenges.ts';
import { openRoute, useChallenges } from '../challenge.ts';
import { openLessonUrl } from '../lessonDrop.ts';
import { challengeMet, setOpeners } from './open.ts';

export function installCourseOpeners(): void {
  useChallenges.subscribe((s, prev) => {
    if (s.met && s.met !== prev.met) challengeMet(s.met.id, s.met.code);
  });
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
