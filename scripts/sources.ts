// Writes docs/sources.md from the bibliography the page cites (src/lessons/kit/sources.ts), so
// the two never drift apart; src/lessons/kit/sources.test.ts checks the file is current.
import { writeFileSync } from 'node:fs';
import { sourcesMarkdown } from '../src/lessons/kit/sourcesDoc.ts';

writeFileSync(new URL('../docs/sources.md', import.meta.url), sourcesMarkdown());
