import { defineConfig } from 'vitest/config';

// One run covers every package; each package's own vitest.config.ts sets its environment.
export default defineConfig({
  test: {
    projects: ['shared-types', 'daemon', 'kiosk-ui'],
  },
});
