// Vite turns `import url from '….wasm?url'` into the built file's address (the worker build has no vite/client types).
declare module '*.wasm?url' {
  const url: string;
  export default url;
}
