/// <reference types="vitest/config" />
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, searchForWorkspaceRoot } from 'vite';

/** The Rust server (`eduhub serve`) during development. */
const SERVER = process.env.EDUHUB_DEV_SERVER ?? 'http://127.0.0.1:8080';

/** The test files that replace modules with `vi.mock`: they cannot share a worker's modules. */
const MOCKED = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `src/${file}`)
  .filter((file) => readFileSync(file, 'utf8').includes('vi.mock('));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: SERVER, changeOrigin: false },
      '/socket': { target: SERVER, ws: true, changeOrigin: false },
      '/collab': { target: SERVER, ws: true, changeOrigin: false },
      '/version.json': { target: SERVER, changeOrigin: false },
    },
    fs: {
      // src/app/protocol-mirror.test.ts reads the protocol crate's source.
      allow: [searchForWorkspaceRoot(process.cwd()), fileURLToPath(new URL('../protocol/src', import.meta.url))],
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
  },
  test: {
    globals: true,
    // happy-dom renders Mantine pages about 40% faster than jsdom; both cores run test files
    // (Vitest's default leaves one core to the main thread, which idles here).
    environment: 'happy-dom',
    maxWorkers: 2,
    setupFiles: ['./src/testing/setup-tests.ts'],
    css: false,
    testTimeout: 20_000,
    // A worker keeps its modules and page between test files: importing Mantine and building a
    // page for each of 230 files was half the suite's time. Files that replace modules with
    // `vi.mock` get fresh modules each.
    projects: [
      { extends: true, test: { name: 'mocked', include: MOCKED, isolate: true } },
      { extends: true, test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: MOCKED, isolate: false } },
    ],
  },
});
