import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'shared-types', environment: 'node', include: ['src/**/*.test.ts'] },
});
