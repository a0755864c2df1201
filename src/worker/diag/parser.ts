// The C parser of the desk's "check my modify_qp calls": web-tree-sitter with the tree-sitter C
// grammar, both WebAssembly, loaded on the first paste and kept. Vite copies the two .wasm files
// into the build (the `?url` imports), and the service worker precaches them with the rest, so the
// check works offline. Compiling WebAssembly needs 'wasm-unsafe-eval' where a CSP governs this
// worker (docs/hosting.md says why and that nothing else is allowed).
import runtimeUrl from 'web-tree-sitter/web-tree-sitter.wasm?url';
import grammarUrl from 'tree-sitter-c/tree-sitter-c.wasm?url';
import type { CNode } from '../../core/diag/cCalls.ts';

type Parse = (code: string) => CNode;
let ready: Promise<Parse> | null = null;

async function load(): Promise<Parse> {
  const { Parser, Language } = await import('web-tree-sitter');
  await Parser.init({ locateFile: () => runtimeUrl });
  const parser = new Parser();
  parser.setLanguage(await Language.load(grammarUrl));
  return (code) => {
    const tree = parser.parse(code);
    if (!tree) throw new Error('the parser gave no tree');
    return tree.rootNode;
  };
}

/** The parser, loaded once; a failed load is retried on the next call. */
export function cParser(): Promise<Parse> {
  ready ??= load().catch((e: unknown) => { ready = null; throw e; });
  return ready;
}
