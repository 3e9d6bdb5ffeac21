import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Pure functions: the files share a worker's modules instead of importing them anew each.
  test: { name: 'shared-types', environment: 'node', include: ['src/**/*.test.ts'], isolate: false },
});
