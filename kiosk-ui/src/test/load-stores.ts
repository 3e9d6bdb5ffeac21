import { cleanup } from '@testing-library/react';
import { beforeAll } from 'vitest';
// i18next with the whole English catalogue, whichever file a worker happens to run first: a file
// that never imports a screen would otherwise find it uninitialised.
import '../i18n';
import { applyLanguage } from '../i18n/language';
// RootStore's module gives the loader the areas' stores.
import '../stores/RootStore';
import { lazyStoreNames, loadStores } from '../stores/lazy-stores';

// Unit tests use `new RootStore(...)` and `root.payBill` directly, as if every screen's code were
// here: load every lazily loaded store's class before any test (vitest.config.ts setupFiles).
// Tests about the lazy loading itself give their RootStore its own StoreClasses.
await loadStores(...lazyStoreNames());

// Test files share a worker (vitest.config.ts): each starts on an empty page with nothing stored,
// in English, whatever the file before it rendered, wrote or chose, as every visit does.
beforeAll(async () => {
  cleanup();
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
  await applyLanguage('en');
});
