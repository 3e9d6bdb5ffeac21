import type { Space, Unit } from '@kiosk/shared-types';
import { makeAutoObservable } from 'mobx';
import { searchSpaces, type SpaceSearchResult } from './space-search';

/** Where the search looks: the facility's spaces with their live statuses, and its units. */
export interface SearchedList {
  readonly spaces: readonly Space[];
  readonly units: readonly Unit[];
}

/**
 * 'Space Number' and FIND THIS SPACE on the space list (rental spec §5): the keyword is required;
 * the results (an exact door match first) follow the spaces' live statuses. Entering detail_page
 * clears it (rental §4), and so does the end of the session.
 */
export class SpaceNumberSearch {
  keyword = '';
  /** The keyword of the last FIND THIS SPACE (null: no search shown). */
  searchedKeyword: string | null = null;
  error: 'required' | null = null;

  constructor(private readonly list: SearchedList) {
    makeAutoObservable<this, 'list'>(this, { list: false }, { autoBind: true });
  }

  /** Results of the last search, live statuses included. */
  get results(): SpaceSearchResult[] {
    if (this.searchedKeyword === null) return [];
    return searchSpaces(this.list.spaces, this.searchedKeyword, this.list.units);
  }

  setKeyword(keyword: string): void {
    this.keyword = keyword;
    if (keyword.trim()) this.error = null;
  }

  /** FIND THIS SPACE: the keyword is required (rental §5). */
  search(): void {
    const keyword = this.keyword.trim();
    // The rule of forms/account spaceSearchSchema, without loading yup into the first screen.
    if (!keyword) {
      this.error = 'required';
      this.searchedKeyword = null;
      return;
    }
    this.error = null;
    this.searchedKeyword = keyword;
  }

  clear(): void {
    this.keyword = '';
    this.searchedKeyword = null;
    this.error = null;
  }
}
