// The example courses: each opens (its schema), and a title that names a length in minutes names
// the sum of its items' minutes, as the syllabus shows it ("about 35 minutes"): an example that
// says "twenty minutes" over 35 of items teaches instructors to mislead their students.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readCourseText } from '../scenario/link/course.ts';

const dir = join(import.meta.dirname, '../../fixtures/courses');
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
const WORDS: Record<string, number> = { ten: 10, fifteen: 15, twenty: 20, 'twenty-five': 25, thirty: 30, 'thirty-five': 35, forty: 40, 'forty-five': 45, fifty: 50, sixty: 60, ninety: 90 };

describe('example courses', () => {
  it.each(files)('%s opens, and the minutes its title names are its items\' sum', (f) => {
    const r = readCourseText(readFileSync(join(dir, f), 'utf8'));
    if (!r.ok) throw new Error(r.error);
    const sum = r.course.items.reduce((a, i) => a + i.minutes, 0);
    const said = /(\d+|[a-z-]+) minutes/i.exec(r.course.title);
    const hours = /(one|two|\d+)[- ]hour/i.exec(r.course.title);
    if (said) expect(Number(said[1]) || WORDS[said[1].toLowerCase()]).toBe(sum);
    if (hours) expect(sum).toBeLessThanOrEqual(60 * (Number(hours[1]) || (hours[1] === 'one' ? 1 : 2)));
  });
});
