// The layer rule of DESIGN.md made mechanical: an arrow is "may import".
// core → xstate and small pure libs; scenario → core; lessons → core, scenario (+ valibot: data lessons);
// worker → core, scenario, lessons; bridge → worker API types; store → core types;
// views → store, bridge, core types; app → everything.
const layers = ['core', 'scenario', 'lessons', 'worker', 'bridge', 'store', 'views', 'app', 'cli'];
const allowed = {
  core: { src: ['core'], npm: ['xstate', 'pure-rand', 'valibot'] },
  scenario: { src: ['core', 'scenario'], npm: ['lz-string', 'valibot'] },
  lessons: { src: ['core', 'scenario', 'lessons'], npm: ['valibot'] },
  worker: { src: ['core', 'scenario', 'lessons', 'worker'], npm: ['comlink'] },
  bridge: { src: ['bridge'], typeOnly: ['worker', 'core', 'scenario'], npm: ['comlink'] },
  store: { src: ['store'], typeOnly: ['core', 'worker', 'bridge'], npm: ['zustand'] },
  views: { src: ['views', 'store', 'bridge'], typeOnly: ['core', 'worker', 'scenario'], npm: ['react', 'react-dom', 'zustand', 'd3-scale', 'd3-selection', 'd3-transition', 'd3-shape', 'd3-array'] },
  app: { src: layers, npm: null },
  cli: { src: ['core', 'scenario', 'lessons', 'worker', 'cli'], npm: null },
};
const forbidden = [];
for (const layer of layers) {
  const rule = allowed[layer];
  const others = layers.filter((l) => !rule.src.includes(l));
  const notTypeOnly = others.filter((l) => !(rule.typeOnly ?? []).includes(l));
  if (notTypeOnly.length) forbidden.push({
    name: `${layer}-layer`, severity: 'error',
    comment: `src/${layer} may import only ${rule.src.join(', ')}`,
    from: { path: `^src/${layer}/` },
    to: { path: `^src/(${notTypeOnly.join('|')})/` },
  });
  if (rule.typeOnly?.length) forbidden.push({
    name: `${layer}-type-only`, severity: 'error',
    comment: `src/${layer} may use ${rule.typeOnly.join(', ')} for types only`,
    from: { path: `^src/${layer}/` },
    to: { path: `^src/(${rule.typeOnly.join('|')})/`, dependencyTypesNot: ['type-only'] },
  });
  if (rule.npm) forbidden.push({
    name: `${layer}-npm`, severity: 'error',
    comment: `src/${layer} may use only these packages: ${rule.npm.join(', ') || 'none'}`,
    from: { path: `^src/${layer}/`, pathNot: '\\.test\\.tsx?$' },
    to: { dependencyTypes: ['npm', 'npm-dev', 'core'], pathNot: rule.npm.length ? `node_modules/(${rule.npm.join('|')})/` : '^$' },
  });
}
forbidden.push({
  name: 'self-contained', severity: 'error',
  comment: 'the product never reads ../shared or anything outside the repository',
  from: {}, to: { path: '^\\.\\./' },
});
// No import cycle anywhere in src, file level and type-only imports included: a cycle makes
// module order matter at runtime, and a type-only one still ties two files' designs together.
forbidden.push({
  name: 'no-circular', severity: 'error',
  comment: 'this import closes a cycle; move what both sides need into a module beneath them',
  from: { path: '^src/' }, to: { circular: true },
});
forbidden.push({ name: 'no-unresolvable', severity: 'error', from: {}, to: { couldNotResolve: true } });
// One instrument's views never import another's; the shared kit and shell import no instrument.
// Every folder of src/views but the kit and the shell is an instrument's: a new one is covered
// without an edit here (the registry, src/app/registry.ts, is where instruments are named).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS config reads the folder with Node's own modules
const instrumentViews = require('node:fs').readdirSync(`${__dirname}/src/views`, { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'kit' && d.name !== 'shell').map((d) => d.name).sort();
for (const v of instrumentViews) {
  forbidden.push({
    name: `views-${v}-own`, severity: 'error',
    comment: `src/views/${v} may not import another instrument's views`,
    from: { path: `^src/views/${v}/` },
    to: { path: `^src/views/(${instrumentViews.filter((x) => x !== v).join('|')})/` },
  });
}
forbidden.push({
  name: 'views-shared-neutral', severity: 'error',
  comment: 'src/views/kit and src/views/shell serve every instrument and import none',
  from: { path: '^src/views/(kit|shell)/' },
  to: { path: `^src/views/(${instrumentViews.join('|')})/` },
});
// The core's folders form no cycle: each may import only the folders beneath it (an order, so a
// cycle cannot be written). The engine kit sits at the bottom; the world (state, hooks) beneath
// transport; the engine (sim) above transport; the faults model above the engine.
const coreOrder = {
  kit: [], verbs: ['kit'], qp: ['verbs', 'kit'], model: ['verbs', 'qp', 'kit'], memory: ['kit'],
  hw: ['model', 'verbs', 'qp', 'kit'],
  world: ['hw', 'model', 'verbs', 'qp', 'kit', 'memory'],
  transport: ['world', 'hw', 'model', 'verbs', 'qp', 'kit', 'memory'],
  sim: ['transport', 'world', 'hw', 'model', 'verbs', 'qp', 'kit', 'memory'],
  faults: ['sim', 'transport', 'world', 'hw', 'model', 'verbs', 'qp', 'kit', 'memory'],
  diag: ['faults', 'sim', 'transport', 'world', 'hw', 'model', 'verbs', 'qp', 'kit', 'memory'],
};
for (const [folder, below] of Object.entries(coreOrder)) {
  const others = Object.keys(coreOrder).filter((f) => f !== folder && !below.includes(f));
  if (others.length) forbidden.push({
    name: `core-${folder}-below`, severity: 'error',
    comment: `src/core/${folder} may import only ${below.join(', ') || 'nothing else in core'} (folders form no cycle)`,
    from: { path: `^src/core/${folder}/` },
    to: { path: `^src/core/(${others.join('|')})/` },
  });
}
module.exports = {
  forbidden,
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    exclude: { path: '\\.test\\.tsx?$' },
  },
};
