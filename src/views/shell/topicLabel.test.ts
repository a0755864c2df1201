// The lesson lists name each lesson by its topic and its own title: where a topic has several
// lessons (transport: 0, 0, 1, 4, 5, 6, 6), each says which part it is, so no two entries read alike.
import { describe, expect, it } from 'vitest';
import { topicLabel } from './LessonPanel.tsx';
import { lessonCatalogue } from '../../lessons/index.ts';

describe('topicLabel', () => {
  it('gives every transport lesson an entry of its own (topics 0, 0, 1, 4, 5, 6, 6)', () => {
    const ls = lessonCatalogue('transport');
    const labels = ls.map((l) => `${topicLabel(l, ls, 'Intro')}: ${l.title}`);
    expect(new Set(labels).size).toBe(labels.length);
    const heads = ls.map((l) => topicLabel(l, ls, 'Start here'));
    expect(new Set(heads).size).toBe(heads.length);
    expect(heads.filter((h) => h.startsWith('Topic 6'))).toEqual(['Topic 6, part 1 of 2', 'Topic 6, part 2 of 2']);
    // The verbs objects lesson joined the intro before topic 1: two starts, each its part.
    expect(heads.filter((h) => h.startsWith('Start here'))).toEqual(['Start here, part 1 of 2', 'Start here, part 2 of 2']);
  });
  it('a topic of one lesson keeps its plain number; topic 0 is the start', () => {
    const ls = [{ id: 'a', topic: 0 }, { id: 'b', topic: 2 }];
    expect(topicLabel(ls[0], ls, 'Start here')).toBe('Start here');
    expect(topicLabel(ls[1], ls, 'Start here')).toBe('Topic 2');
  });
});
