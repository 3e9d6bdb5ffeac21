import { describe, expect, it } from 'vitest';
import { browseRoot } from '../rental/rental-test-fixtures';

describe('SpaceNumberSearch: FIND THIS SPACE', () => {
  it('requires a keyword', async () => {
    const { root } = await browseRoot();
    const search = root.units.spaceSearch;
    search.setKeyword('   ');
    search.search();
    expect(search.error).toBe('required');
    expect(search.searchedKeyword).toBeNull();
    search.setKeyword('0');
    expect(search.error).toBeNull();
  });

  it('finds a door, exact match first, and nothing for an unknown one', async () => {
    const { root } = await browseRoot();
    const search = root.units.spaceSearch;
    search.setKeyword('15');
    search.search();
    expect(search.results.map((r) => r.space.door_name)).toEqual(['015']);
    search.setKeyword('B-');
    search.search();
    expect(search.results.map((r) => r.space.door_name)).toEqual(['B-2', 'B-10']);
    search.setKeyword('QQQ');
    search.search();
    expect(search.results).toEqual([]);
    search.clear();
    expect(search.searchedKeyword).toBeNull();
  });
});
