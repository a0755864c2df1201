// Above the lesson while a course item is open: the course, which item this is, the way back to
// the syllabus, and, once the item is done, the next one.
export interface CourseBarProps {
  course: string;
  index: number;
  count: number;
  title: string;
  complete: boolean;
  /** The next item's title (null: this is the last). */
  next: string | null;
  onSyllabus(): void;
  onNext(): void;
}

export function CourseBar({ course, index, count, title, complete, next, onSyllabus, onNext }: CourseBarProps) {
  return (
    <nav aria-label="Course" data-testid="course-bar" className="flex flex-col gap-1 border-b border-slate-300 bg-blue-50 px-3 py-2 text-xs text-slate-800">
      <div className="flex items-center gap-2">
        <button type="button" onClick={onSyllabus} data-testid="to-syllabus" className="rounded border border-blue-700 bg-white px-2 py-0.5 font-medium text-blue-800 hover:bg-blue-100">← Syllabus</button>
        <span className="min-w-0 truncate" title={course}>{course}</span>
      </div>
      <p className="font-semibold">Item {index + 1} of {count}: {title}{complete ? ' ✓' : ''}</p>
      {complete && (next !== null
        ? <button type="button" onClick={onNext} data-testid="next-item" className="self-start rounded-md bg-blue-700 px-2.5 py-1 text-sm font-medium text-white hover:bg-blue-800">Next: {next} →</button>
        : <p data-testid="course-finished">That was the last item of the course.</p>)}
    </nav>
  );
}
