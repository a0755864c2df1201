// Built and served exactly as QP Scope is (vite build, vite preview, same target), nothing else.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  base: './',
  build: { target: 'es2022', outDir: fileURLToPath(new URL('../out/baseline-dist', import.meta.url)), emptyOutDir: true },
  preview: { host: '127.0.0.1', strictPort: true },
  logLevel: 'warn',
});
