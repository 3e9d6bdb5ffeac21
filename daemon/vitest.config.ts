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
    // Test files share a worker's module graph instead of each importing Fastify, undici and pino
    // anew (about 35 s of imports over the suite on 2 cores). Every test builds its own app,
    // registry and temp directories, so nothing a file leaves behind reaches the next.
    isolate: false,
  },
});
