// Every instrument's state to a file and back (the shell's State menu): the file is the payload
// its share link carries (scenario/stateFile.ts), and opening one goes through the link's own path
// (visit), so a bad file is refused with the problem named and the instrument keeps its state.
import { stateFileLink, stateFileText } from '../scenario/stateFile.ts';
import type { StateFilesApi } from '../views/shell/StateFiles.tsx';
import { saveText } from '../views/kit/saveText.ts';
import { visit } from './links.ts';
import { entryOf, instruments } from './registry.ts';

const MAX_BYTES = 4_000_000;

export function stateFiles(lab: string): StateFilesApi {
  const e = entryOf(lab);
  return {
    save: () => {
      void e.payload(e.client()).then((p) => saveText(`qp-scope-${lab}-state.json`, stateFileText(lab, e.link.version, p), 'application/json'));
    },
    open: (f: File) => {
      const refuse = (why: string) => e.store.getState().showNotice('error', `This file could not be opened: ${f.name}: ${why}. ${e.kept} kept.`);
      if (f.size > MAX_BYTES) { refuse(`it is ${(f.size / 1e6).toFixed(1)} MB; a state file is at most ${MAX_BYTES / 1e6} MB`); return; }
      void f.text().then((text) => {
        const versions = Object.fromEntries(instruments().map((x) => [x.id, x.link.version]));
        const r = stateFileLink(text, versions);
        if (!r.ok) { refuse(r.error); return; }
        void visit(r.hash);
      }, () => refuse('it could not be read'));
    },
  };
}
