import { defineConfig } from 'vitest/config';

// One run covers every package; each package's own vitest.config.ts sets its environment.
export default defineConfig({
  test: {
    projects: [
      'shared-types',
      'daemon',
      'kiosk-ui',
      // The i18n instance's start, which the shared kiosk-ui worker has long passed: a file of its own.
      {
        extends: './kiosk-ui/vitest.config.ts',
        test: {
          name: 'kiosk-ui (i18n start)',
          include: ['src/i18n/setup.test.ts'],
          exclude: [],
          isolate: true,
        },
      },
      // The repository's own scripts (the systemd hardening check), tested beside them.
      { test: { name: 'scripts', environment: 'node', include: ['scripts/**/*.test.mjs'] } },
    ],
  },
});
