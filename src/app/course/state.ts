// The course on this page: the one an address opened (`#course=…`, `#course-url=…`), whether its
// syllabus is on screen, the item open, and each item's progress (steps done, first answers),
// kept per course in this browser through the one storage door (views/kit/storage.ts) and handed
// in as a file (files.ts). A bad course is refused with its field named, and the course shown
// before (or the instrument) stays.
import { createStore } from 'zustand/vanilla';
import { itemKey, type Course } from '../../scenario/link/course.ts';
import type { ItemRecord } from '../../scenario/link/courseProgress.ts';
import { localStore } from '../../views/kit/storage.ts';

export interface CourseState {
  course: Course | null;
  /** The address that opened it (without '#', and without embed=1). */
  hash: string;
  /** The syllabus is on screen (else an item's instrument, or no course at all). */
  syllabus: boolean;
  /** The item open (index into course.items), or null. */
  current: number | null;
  records: Record<string, ItemRecord>;
  /** A refusal (a bad course, a bad progress file) or what an import did, shown on the syllabus. */
  message: { kind: 'error' | 'info'; text: string } | null;
}

export const courseStore = createStore<CourseState>(() => ({ course: null, hash: '', syllabus: false, current: null, records: {}, message: null }));

const KEY = 'qp-scope.courses.v1';

type Saved = Record<string, Record<string, ItemRecord>>;

function loadAll(): Saved {
  try {
    const raw = localStore().getItem(KEY);
    const p = raw ? JSON.parse(raw) as unknown : null;
    return p && typeof p === 'object' && !Array.isArray(p) ? p as Saved : {};
  } catch { return {}; }
}

/** A course's records are kept under its title and the keys of its items. */
function courseId(c: Course): string {
  return `${c.title}|${c.items.map(itemKey).join(',')}`;
}

/** The records saved for `c` (only well-formed ones). */
export function savedRecords(c: Course): Record<string, ItemRecord> {
  const mine = loadAll()[courseId(c)] ?? {};
  const out: Record<string, ItemRecord> = {};
  for (const it of c.items) {
    const r = mine[itemKey(it)] as Partial<ItemRecord> | undefined;
    if (r && Array.isArray(r.done) && Array.isArray(r.first)) {
      out[itemKey(it)] = { done: r.done.map((d) => d === true), first: r.first.map((f) => (typeof f === 'boolean' ? f : null)), ...(typeof r.code === 'string' && r.code.length <= 8000 ? { code: r.code } : {}) };
    }
  }
  return out;
}

export function saveRecords(c: Course, records: Record<string, ItemRecord>): void {
  const all = loadAll();
  all[courseId(c)] = records;
  try { localStore().setItem(KEY, JSON.stringify(all)); } catch { /* full: kept for this visit in the store */ }
}

/** Merge: a step once done stays done; a first answer once given is never replaced; the newest code is kept. */
export function mergeRecord(prev: ItemRecord | undefined, next: ItemRecord): ItemRecord {
  const n = Math.max(prev?.done.length ?? 0, next.done.length);
  const m = Math.max(prev?.first.length ?? 0, next.first.length);
  const code = next.code ?? prev?.code;
  return {
    ...(code ? { code } : {}),
    done: Array.from({ length: n }, (_, i) => prev?.done[i] === true || next.done[i] === true),
    first: Array.from({ length: m }, (_, i) => {
      const a = prev?.first[i];
      const b = next.first[i];
      return typeof a === 'boolean' ? a : typeof b === 'boolean' ? b : null;
    }),
  };
}

/** Fold `rec` into item `key` of the course on screen, and keep it. */
export function record(key: string, rec: ItemRecord): void {
  const s = courseStore.getState();
  if (!s.course) return;
  const merged = mergeRecord(s.records[key], rec);
  const prev = s.records[key];
  if (prev && JSON.stringify(prev) === JSON.stringify(merged)) return;
  const records = { ...s.records, [key]: merged };
  courseStore.setState({ records });
  saveRecords(s.course, records);
}
