import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The shared types are consumed as TypeScript source: no separate build step for the UI. */
export const sharedTypesEntry = fileURLToPath(new URL('../shared-types/src/index.ts', import.meta.url));

/** The daemon the dev server forwards to (it serves the built UI itself in production). */
const DAEMON = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@kiosk/shared-types': sharedTypesEntry,
      'use-sync-external-store/shim': fileURLToPath(new URL('src/shims/use-sync-external-store.ts', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The kiosk runs one known Chromium; no legacy syntax transforms.
    target: 'chrome120',
    // Budget (docs/performance.md): first screen JS ≤ 125 kB gzip. Screens are React.lazy chunks and the
    // password-strength checker (zxcvbn) is only ever imported dynamically, so neither lands here.
    chunkSizeWarningLimit: 400,
    // dist/.vite/manifest.json, read by scripts/bench/bundle.mjs (a dot directory: never served).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically (React, MobX, i18next and the shell) in one
          // file: one request, and one gzip stream compresses better than six (≈ 2.5 kB less).
          groups: [{ name: 'first-screen', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    // Anchored patterns: a facility id such as "sessions-north" must still reach the UI.
    proxy: {
      '^/api/': DAEMON,
      '^/device/': DAEMON,
      '^/session/': DAEMON,
      '^/log$': DAEMON,
      '^/events$': { target: DAEMON, ws: true },
      '^/time/?$': DAEMON,
    },
  },
});
