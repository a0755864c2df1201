import { defineConfig, configDefaults } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  base: './',
  worker: { format: 'es' },
  build: { target: 'es2022', chunkSizeWarningLimit: 700 },
  preview: { port: 4173, strictPort: true, host: '127.0.0.1' },
  server: { host: '127.0.0.1' },
  test: {
    // Property and replay tests do real work; CI machines have 2 cores and may be loaded.
    testTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'core',
          environment: 'node',
          include: ['src/{core,scenario,lessons,worker,bridge,cli}/**/*.test.ts'],
          exclude: [...configDefaults.exclude],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['src/{store,views,app}/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
