import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite.config.ts';

/**
 * The handheld entry (`/m`, docs/adr/0041-handheld.md), built on its own after the desktop app
 * into the same `dist` (hashed names never collide): a second build, so none of the desktop's
 * chunks (its `boot` group holds antd) can be shared into the handheld's first load. Its own
 * `boot` group keeps what m.html needs in one file, as ADR 0017 does for /login.
 */
export default defineConfig({
  base: '/',
  plugins: [react(), precompress({ onlyThisBuild: true })],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    rollupOptions: {
      input: { m: 'm.html' },
      output: {
        codeSplitting: { groups: [{ name: 'handheld', tags: ['$initial'] }] },
      },
    },
  },
});
