export { LessonRunner } from './runner.ts';
export { lessonInfo, type LabId, type Lesson, type LessonInfo, type LessonProgress, type SourceRef, type Term } from './types.ts';
export { SOURCES, resolveSource, type SourceEntry, type SourceTag } from './sources.ts';
export { GLOSSARY, termsIn } from './glossary.ts';
export type { Answer, QuestionView } from './question.ts';
