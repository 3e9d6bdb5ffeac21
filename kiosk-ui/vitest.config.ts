import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    // Resolve `include` from this folder whether vitest runs here or from the repository root.
    root: fileURLToPath(new URL('.', import.meta.url)),
    test: {
      name: 'kiosk-ui',
      // Every UI test runs in jsdom: stores touch document (CSS variables, title, listeners) and a
      // single environment keeps this config usable as one project of a root vitest config.
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test/load-stores.ts'],
      restoreMocks: true,
    },
  }),
);
