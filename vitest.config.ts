import { defineConfig } from 'vitest/config';
import kioskUi from './kiosk-ui/vitest.config.ts';

// One run covers every package; each package's own vitest.config.ts sets its environment.
export default defineConfig({
  test: {
    projects: [
      'shared-types',
      'daemon',
      'kiosk-ui',
      // The i18n instance's start, which the shared kiosk-ui worker has long passed: a file of its
      // own. Spread rather than `extends`, which would add kiosk-ui's exclude of this very file.
      {
        ...kioskUi,
        test: {
          ...kioskUi.test,
          name: 'kiosk-ui (i18n start)',
          include: ['src/i18n/setup.test.ts'],
          exclude: [],
          // Not the shared set-up, which starts i18next with every text.
          setupFiles: [],
          isolate: true,
        },
      },
      // The repository's own scripts (the systemd hardening check, the channel writer) and the
      // package's update agent, tested beside them.
      {
        test: {
          name: 'scripts',
          environment: 'node',
          include: ['scripts/**/*.test.mjs', 'packaging/**/*.test.mjs'],
        },
      },
    ],
  },
});
