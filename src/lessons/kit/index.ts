export { LessonRunner } from './runner.ts';
export { lessonInfo, type LabId, type Lesson, type LessonInfo, type LessonProgress, type Term } from './types.ts';
export type { Answer, QuestionOption, QuestionView } from './question.ts';
