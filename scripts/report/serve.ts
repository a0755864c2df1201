// Builds a Vite project and serves its output with `vite preview` on a port of the report's own
// (never 4173, 5173 or e2e's 4317), strictly: a busy port stops the run instead of moving it.
import { build, preview } from 'vite';

export interface Served { url: string; close(): Promise<void> }

export async function buildAndServe(configFile: string, port: number): Promise<Served> {
  await build({ configFile, logLevel: 'warn' });
  const server = await preview({ configFile, logLevel: 'warn', preview: { port, strictPort: true, host: '127.0.0.1', open: false } });
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}
