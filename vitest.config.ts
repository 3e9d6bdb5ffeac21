import { defineConfig } from 'vitest/config';

// One run covers every package; each package's own vitest.config.ts sets its environment.
export default defineConfig({
  test: {
    projects: [
      'shared-types',
      'daemon',
      'kiosk-ui',
      // The repository's own scripts (the systemd hardening check), tested beside them.
      { test: { name: 'scripts', environment: 'node', include: ['scripts/**/*.test.mjs'] } },
    ],
  },
});
