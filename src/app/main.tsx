// First: starts the worker before the modules below are evaluated (see boot.ts).
import './boot.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../index.css';
import { faults, labClient, memory, setDeadline, transport } from '../bridge/labs.ts';
import { settled, visit } from './links.ts';
import { recoveries } from './recovery.ts';
import { Root } from './Root.tsx';
import { prestart } from './links.ts';
import { trackCourse } from './course/open.ts';
import { installCourseOpeners } from './course/openers.ts';
import { tellParent } from './course/parent.ts';
import { instruments } from './registry.ts';
import { CourseBarRoute } from './course/CourseRoute.tsx';
import { embedded, openHere } from './course/embed.ts';
import { PageModeContext, type PageMode } from '../views/shell/embed.ts';
import { storageKept } from '../views/kit/storage.ts';
import { installLessonDrop, openLessonData, openLessonUrl } from './lessonDrop.ts';

// A handle for end-to-end tests, the report and people driving the page from the console:
// - transport(), memory(), faults(): each instrument's client (`call(name, ...args)` reaches its
//   worker); client(id) the same by the registry's id;
// - openLink(hash): open an address as a navigation would, after any still opening; resolves to
//   { lab, opened, message } (refused: opened false, message the alert shown);
// - settled(): once every address so far (links followed, hash changes) is open, the last outcome;
// - setDeadline(ms): how long a worker may stay silent while owing an answer before it counts as hung;
// - recoveries(): every worker recovery so far ({ lab, kind, detail, ms, attempts, detectedAt, restoredAt });
// - openLesson(json), openLessonUrl(url): open a lesson file (parsed) or one on this origin, as a drop does.
window.qpScope = { transport, memory, faults, client: labClient, openLink: visit, settled, setDeadline, recoveries, openLesson: openLessonData, openLessonUrl };
installLessonDrop();

declare global {
  interface Window { qpScope: unknown }
}

prestart(location.hash);
// A course item's progress follows its instrument's frames; in a frame, the allowed parent is told of it.
installCourseOpeners();
trackCourse();
tellParent(instruments());
const rootEl = document.getElementById('root');
if (!rootEl) throw new Error('index.html has no #root element');
// Embed mode, the course bar and whether storage is kept: fixed for the page's life (app/course).
const mode: PageMode = { embed: embedded() ? { openHref: openHere } : null, course: <CourseBarRoute />, kept: storageKept() };
createRoot(rootEl).render(<StrictMode><PageModeContext.Provider value={mode}><Root /></PageModeContext.Provider></StrictMode>);
