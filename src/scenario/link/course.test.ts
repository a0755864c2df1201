// The course file and its links: every fixture course reads; each kind of mistake is refused with
// the field it is in named; a course-url stays on the page's own origin; `embed=1` goes with both.
import { readdirSync, readFileSync } from 'node:fs';
import LZString from 'lz-string';
import { describe, expect, it } from 'vitest';
import { itemKey, readCourse, readCourseLink, readCourseText, writeCourseLink, type Course } from './course.ts';

const DIR = 'fixtures/courses';
const good: Course = { course: 1, title: 'A lab', items: [{ title: 'The table', minutes: 10, lab: 'memory', lesson: 'table' }] };
const withItem = (item: Record<string, unknown>) => ({ ...good, items: [good.items[0], item] });

describe('course files', () => {
  it.each(readdirSync(DIR).filter((f) => f.endsWith('.json')))('fixtures/courses/%s reads', (f) => {
    const r = readCourseText(readFileSync(`${DIR}/${f}`, 'utf8'));
    expect(r.ok ? 'ok' : r.error).toBe('ok');
  });

  it.each<[string, unknown, RegExp]>([
    ['not JSON', '{', /not valid JSON/],
    ['no title', { course: 1, items: good.items }, /^the course's title: is missing$/],
    ['not an object', 42, /^the course's file: must be an object with course, title and items/],
    ['a future version', { ...good, course: 2 }, /^the course's course: must be 1/],
    ['an unknown key', { ...good, theme: 'dark' }, /^the course's theme: is not a field here/],
    ['an item without minutes', withItem({ title: 'x', lab: 'memory', lesson: 'caching' }), /^the course's items\[1\]\.minutes: is missing$/],
    ['no items', { ...good, items: [] }, /^the course's items: must list at least one item/],
    ['zero minutes', withItem({ title: 'x', minutes: 0, lab: 'memory', lesson: 'caching' }), /^the course's items\[1\]\.minutes: must be at least 1/],
    ['fractional minutes', withItem({ title: 'x', minutes: 2.5, lab: 'memory', lesson: 'caching' }), /^the course's items\[1\]\.minutes: must be an integer/],
    ['an empty title', withItem({ title: '  ', minutes: 5, lab: 'memory', lesson: 'caching' }), /^the course's items\[1\]\.title: must not be empty/],
    ['two targets', withItem({ title: 'x', minutes: 5, lab: 'memory', lesson: 'caching', url: '/a.json' }), /^the course's items\[1\]: must name exactly one of lesson, challenge or url/],
    ['no target', withItem({ title: 'x', minutes: 5, lab: 'memory' }), /^the course's items\[1\]: must name exactly one/],
    ['a lesson without its lab', withItem({ title: 'x', minutes: 5, lesson: 'caching' }), /^the course's items\[1\]: a built-in lesson or challenge must name its lab/],
    ['an unknown lab', withItem({ title: 'x', minutes: 5, lab: 'gpu', lesson: 'caching' }), /^the course's items\[1\]\.lab: must be one of transport, memory, faults/],
    ['another origin', withItem({ title: 'x', minutes: 5, url: 'https://example.org/l.json' }), /^the course's items\[1\]\.url: must be a path on this site/],
    ['a protocol-relative url', withItem({ title: 'x', minutes: 5, url: '//example.org/l.json' }), /^the course's items\[1\]\.url: must be a path on this site/],
    ['a climb out', withItem({ title: 'x', minutes: 5, url: '/a/../../b.json' }), /^the course's items\[1\]\.url: must not climb out/],
    ['an id with markup', withItem({ title: 'x', minutes: 5, lab: 'memory', lesson: '<b>' }), /^the course's items\[1\]\.lesson: must be an id/],
  ])('refuses %s, naming the field', (_, raw, why) => {
    const r = typeof raw === 'string' ? readCourseText(raw) : readCourse(raw);
    expect(r.ok ? 'ok' : r.error).toMatch(why);
  });

  it('keeps markup in a title as text (it is only ever shown as text)', () => {
    const r = readCourse({ ...good, title: '<img src=x onerror=alert(1)>' });
    expect(r.ok && r.course.title).toBe('<img src=x onerror=alert(1)>');
  });

  it('keys items by what they open', () => {
    expect([{ title: 'a', minutes: 1, lab: 'memory' as const, lesson: 'table' }, { title: 'b', minutes: 1, lab: 'faults' as const, challenge: 'drain' }, { title: 'c', minutes: 1, url: '/x.json' }].map(itemKey))
      .toEqual(['memory/table', 'faults/challenge:drain', 'url:/x.json']);
  });
});

describe('course links', () => {
  it('round-trips a course through #course=, with or without embed=1', () => {
    const hash = `#${writeCourseLink(good)}`;
    expect(readCourseLink(hash)).toEqual({ ok: true, link: { kind: 'data', course: good } });
    expect(readCourseLink(`${hash}&embed=1`)).toEqual({ ok: true, link: { kind: 'data', course: good } });
  });

  it.each<[string, ReturnType<typeof readCourseLink>]>([
    ['#lab=memory', null],
    ['', null],
    ['#course-url=/courses/lab.json', { ok: true, link: { kind: 'url', url: '/courses/lab.json' } }],
    ['#course-url=%2Fcourses%2Flab.json&embed=1', { ok: true, link: { kind: 'url', url: '/courses/lab.json' } }],
  ])('reads %s', (hash, want) => {
    expect(readCourseLink(hash)).toEqual(want);
  });

  it.each<[string, RegExp]>([
    ['#course-url=https://evil.example/c.json', /course-url must be a path on this site/],
    ['#course-url=/c.txt', /course-url must be a path on this site/],
    ['#course-url=%E0%A4%A', /not a valid address/],
    ['#course=abc&lab=memory', /carries only course= or course-url=/],
    ['#course=<script>', /characters a QP Scope link never has/],
    ['#course=AAAA', /damaged/],
    [`#course=${LZString.compressToEncodedURIComponent(JSON.stringify({ ...good, items: [{ ...good.items[0], minutes: -3 }] }))}`, /items\[0\]\.minutes: must be at least 1/],
  ])('refuses %s', (hash, why) => {
    const r = readCourseLink(hash);
    expect(r && !r.ok ? r.error : 'accepted').toMatch(why);
  });
});
