import { KIOSK_SECTIONS } from '@kiosk/shared-types';
import { describe, expect, it } from 'vitest';
import { lazyStoreNames } from '../stores/lazy-stores';
import { SECTION_SOURCES } from './registry';

describe('the areas list', () => {
  it('gives every section a screen', () => {
    expect(Object.keys(SECTION_SOURCES).sort()).toEqual(KIOSK_SECTIONS.map((entry) => entry.name).sort());
  });

  it('loads only stores that exist before a screen renders', () => {
    const stores = new Set<string>(lazyStoreNames());
    for (const [section, source] of Object.entries(SECTION_SOURCES)) {
      const missing = 'stores' in source ? source.stores.filter((name) => !stores.has(name)) : [];
      expect({ section, missing }).toEqual({ section, missing: [] });
    }
  });
});
