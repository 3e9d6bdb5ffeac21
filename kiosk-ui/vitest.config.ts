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
      // The one test of the i18n instance's start runs on its own (the root vitest.config.ts).
      exclude: ['src/i18n/setup.test.ts'],
      setupFiles: ['src/test/load-stores.ts'],
      restoreMocks: true,
      // Test files share a worker's jsdom and modules instead of building them anew for each
      // (about 60 s of environments and 20 s of set-up over the suite on 2 cores). Every test builds
      // its own RootStore; the set-up file puts the kiosk back in English before each file.
      isolate: false,
    },
  }),
);
