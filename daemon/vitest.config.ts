import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      // Tests read the shared contracts from source, so they never run against a stale build.
      '@kiosk/shared-types': fileURLToPath(new URL('../shared-types/src/index.ts', import.meta.url)),
    },
  },
  test: {
    name: 'daemon',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
