import { describe, expect, it } from 'vitest';
import { isSidebarHidden } from './sidebar';

describe('isSidebarHidden', () => {
  it('hides the sidebar on the rental sections the spec names', () => {
    for (const section of ['detail_page', 'panda_agreements', 'non_interactive_agreements', 'find_reservation']) {
      expect(isSidebarHidden('rent', section)).toBe(true);
    }
    expect(isSidebarHidden('rent', 'info')).toBe(false);
  });

  it('keeps the sidebar on the welcome screen although the rental flow rests on detail_page', () => {
    expect(isSidebarHidden('home', 'detail_page')).toBe(false);
  });
});
