import { beforeAll } from 'vitest';
import { applyLanguage } from '../i18n/language';
// RootStore's module gives the loader the areas' stores.
import '../stores/RootStore';
import { lazyStoreNames, loadStores } from '../stores/lazy-stores';

// Unit tests use `new RootStore(...)` and `root.billing` directly, as if every screen's code were
// here: load every lazily loaded store's class before any test (vitest.config.ts setupFiles).
// Tests about the lazy loading itself give their RootStore its own StoreClasses.
await loadStores(...lazyStoreNames());

// Test files share a worker (vitest.config.ts): each starts in English, whatever the file before
// it chose, as every visit does.
beforeAll(() => applyLanguage('en'));
