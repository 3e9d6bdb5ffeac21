import {
  UNIT_GROUPS,
  type Amenity,
  type FacilityMedia,
  type GroupedUnits,
  type MediaItem,
  type ReviewSource,
  type SizeGuideEntry,
  type Space,
  type SpaceDetail,
  type SpaceLiveData,
  type Unit,
  type UnitAvailability,
  type UnitGroup,
} from '@kiosk/shared-types';
import { makeAutoObservable, runInAction } from 'mobx';
import { groupUnits, sizesForRentCount, unitGroupOf, type UnitGroupSummary } from './categories';
import { compareDoorNames } from './space-search';
import { applyStatusLookup } from './space-status';
import { FAILED, LOADING, ready, type Loadable, type LoadState } from '../../models/loadable';
import type { RootStore } from '../../stores/RootStore';
import { SpaceNumberSearch } from './SpaceNumberSearch';

/**
 * Units and spaces of the facility for the detail page and the size guide (rental spec §2, §3,
 * §4 "Space status"): space types grouped by category, spaces with their statuses looked up lazily
 * when a row becomes visible, space details on demand, media, size-guide entries, amenities and
 * reviews (from the facility settings), the open category; the space-number search is `spaceSearch`
 * (units/SpaceNumberSearch.ts).
 *
 * allSpaceOccupied (rental §4): a unit whose quantity_available_to_rent is 0 is "marked all
 * occupied". When a status lookup finds one of its spaces not rented, the event is raised
 * (`allSpaceOccupiedEvents` counts them) and the store re-reads that unit's live availability, so
 * the card's 'N UNITS/SPACES LEFT' and the row's SELECT follow what the lookup found. The visitor
 * sees the row's own status label and, when a space came free, the corrected count.
 */
export class UnitsStore {
  /** The space types, spaces and size guide, loaded together (Loadable's words). */
  status: LoadState = 'idle';
  facilityId: string | null = null;
  grouped: Partial<GroupedUnits> = {};
  spaces: Space[] = [];
  media: MediaItem[] = [];
  sizeGuideVideos: MediaItem[] = [];
  sizeGuide: SizeGuideEntry[] = [];
  amenities: Amenity[] = [];
  /** The category card whose units are listed (null: the cards only). */
  openGroup: UnitGroup | null = null;
  /** The open category was just chosen: its panel scrolls into view once (not on every remount). */
  revealGroup = false;
  /** Where the space list was scrolled when it was left (restored when the visitor comes back). */
  listScrollTop = 0;
  /** Space rows whose details are expanded. */
  expandedSpaceId: string | null = null;
  details = new Map<string, Loadable<SpaceDetail>>();
  allSpaceOccupiedEvents = 0;
  /** The size the size guide scrolls to ('See what fits!' on a card); null: none. */
  sizeGuideFocus: UnitGroup | null = null;

  readonly spaceSearch: SpaceNumberSearch;

  /** Lookups in flight, so a row scrolling in and out asks once. */
  private readonly pendingLookups = new Set<string>();

  constructor(readonly root: RootStore) {
    this.spaceSearch = new SpaceNumberSearch(this);
    makeAutoObservable<this, 'pendingLookups'>(
      this,
      { root: false, spaceSearch: false, pendingLookups: false },
      { autoBind: true },
    );
  }

  get isLoading(): boolean {
    return this.status === 'loading' || this.status === 'idle';
  }

  /** Every unit, in card order. */
  get units(): Unit[] {
    return UNIT_GROUPS.flatMap((group) => this.grouped[group] ?? []);
  }

  /** Category cards with units, in the spec's order. */
  get groups(): UnitGroupSummary[] {
    return groupUnits(this.grouped);
  }

  get sizesForRent(): number {
    return sizesForRentCount(this.grouped);
  }

  get openSummary(): UnitGroupSummary | null {
    return this.groups.find((g) => g.group === this.openGroup) ?? null;
  }

  get reviews(): { google: ReviewSource | null; yelp: ReviewSource | null } {
    return this.root.config.facility?.reviews ?? { google: null, yelp: null };
  }

  /** Amenities from the amenities call, else the facility settings' features. */
  get amenityList(): Amenity[] {
    return this.amenities.length ? this.amenities : (this.root.config.facility?.features ?? []);
  }

  unitById(unitId: string): Unit | null {
    return this.units.find((u) => u.unit_id === unitId) ?? null;
  }

  unitOfSpace(space: Pick<Space, 'space_type_id' | 'unit_id'>): Unit | null {
    return this.unitById(space.space_type_id) ?? this.unitById(space.unit_id);
  }

  /** The spaces of a unit type, by door name. */
  spacesOf(unitId: string): Space[] {
    return this.spaces
      .filter((s) => s.space_type_id === unitId || (!s.space_type_id && s.unit_id === unitId))
      .sort((a, b) => compareDoorNames(a.door_name, b.door_name));
  }

  /**
   * Load everything once per facility; later calls only refresh the live parts. 'failed' (the
   * space types missing, or the space types or spaces unanswered) is loaded again by the next call: the screens'
   * "Try again", or the visitor coming back to the list.
   */
  async load(): Promise<void> {
    const facilityId = this.root.config.facilityId;
    if (!facilityId) return;
    if (this.facilityId === facilityId && this.status !== 'failed' && this.status !== 'idle') return;
    this.facilityId = facilityId;
    this.status = 'loading';
    const { api } = this.root;
    let unanswered = false;
    /** An essential call (space types, spaces) left unanswered fails the load; the others leave their part empty. */
    const get = async <R>(run: () => Promise<{ status: string; result?: R }>, essential = false): Promise<R | null> => {
      try {
        const response = await run();
        return response.status === 'ok' ? (response.result ?? null) : null;
      } catch {
        if (essential) unanswered = true;
        return null;
      }
    };
    const [grouped, spaces, media, sizeGuide, amenities] = await Promise.all([
      get(() => api.call<GroupedUnits>('spaceTypes', { facility: facilityId }, { query: { All: true } }), true),
      get(() => api.call<Space[]>('spaces', { facility: facilityId }), true),
      get(() =>
        api.call<FacilityMedia>('media', { facility: facilityId }, { query: { enable_size_guide_videos: true } }),
      ),
      get(() => api.call<SizeGuideEntry[]>('sizeGuide', { facility: facilityId }, { query: { all: true } })),
      get(() => api.call<Amenity[]>('amenities', { facility: facilityId })),
    ]);
    if (this.facilityId !== facilityId) return;
    runInAction(() => {
      this.grouped = grouped ?? {};
      this.spaces = Array.isArray(spaces) ? spaces.map((s) => ({ ...s, status: '' as const })) : [];
      this.media = media?.media ?? [];
      this.sizeGuideVideos = media?.size_guide_videos ?? [];
      this.sizeGuide = Array.isArray(sizeGuide) ? sizeGuide : [];
      this.amenities = Array.isArray(amenities) ? amenities : [];
      // Without the space types, or with the spaces left unanswered (a network drop), the list would
      // read "0 sizes for rent": the screen says it could not load and offers to try again.
      this.status = grouped && !unanswered ? 'ready' : 'failed';
    });
  }

  /**
   * Back on the space list: availability may have changed (this or another kiosk held or released
   * a space), so re-read the space types and size guide and look every visible row up again.
   */
  async refreshLive(): Promise<void> {
    if (this.status !== 'ready' || !this.facilityId) {
      await this.load();
      return;
    }
    const facilityId = this.facilityId;
    for (const space of this.spaces) space.status = '';
    this.details.clear();
    try {
      const [types, guide] = await Promise.all([
        this.root.api.call<GroupedUnits>('spaceTypes', { facility: facilityId }, { query: { All: true } }),
        this.root.api.call<SizeGuideEntry[]>('sizeGuide', { facility: facilityId }, { query: { all: true } }),
      ]);
      runInAction(() => {
        if (types.status === 'ok' && types.result) this.grouped = types.result;
        if (guide.status === 'ok' && Array.isArray(guide.result)) this.sizeGuide = guide.result;
      });
    } catch {
      // Keep what we have: the rows' own lookups still show the live status.
    }
  }

  /** A row became visible: look its status up once (rental §4 "Space status"). */
  async lookupStatus(doorId: string): Promise<void> {
    const facilityId = this.facilityId;
    const space = this.spaces.find((s) => s.door_id === doorId);
    if (!facilityId || !space || space.status !== '' || this.pendingLookups.has(doorId)) return;
    this.pendingLookups.add(doorId);
    let lookup: { ok: true; status: string; rental_rate?: number | null } | { ok: false } = { ok: false };
    try {
      const response = await this.root.api.call<SpaceLiveData>(
        'spaceStatus',
        { facility: facilityId, doorId },
        { query: { live_data: true } },
      );
      if (response.status === 'ok' && response.result?.status)
        lookup = { ok: true, status: response.result.status, rental_rate: response.result.rental_rate };
    } catch {
      lookup = { ok: false };
    } finally {
      this.pendingLookups.delete(doorId);
    }
    runInAction(() => {
      const index = this.spaces.findIndex((s) => s.door_id === doorId);
      const current = this.spaces[index];
      if (!current || current.status !== '') return;
      const updated = applyStatusLookup(current, lookup);
      this.spaces[index] = updated;
      const unit = this.unitOfSpace(updated);
      if (unit && unit.quantity_available_to_rent <= 0 && updated.status !== 'rented') {
        this.allSpaceOccupied(unit.unit_id);
      }
    });
  }

  /** The list was marked all-occupied but a space is not rented: re-read that unit's live count. */
  allSpaceOccupied(unitId: string): void {
    this.allSpaceOccupiedEvents++;
    void this.refreshAvailability([unitId]);
  }

  async refreshAvailability(unitIds: string[]): Promise<void> {
    const facilityId = this.facilityId;
    if (!facilityId || !unitIds.length) return;
    try {
      const response = await this.root.api.call<UnitAvailability[]>(
        'unitsAvailability',
        {},
        {
          query: { facility_id: facilityId, unit_ids: JSON.stringify(unitIds) },
        },
      );
      if (response.status !== 'ok' || !Array.isArray(response.result)) return;
      const counts = response.result;
      runInAction(() => {
        for (const { unit_id, quantity_available_to_rent } of counts) {
          const unit = this.unitById(unit_id);
          if (unit) unit.quantity_available_to_rent = quantity_available_to_rent;
        }
      });
    } catch {
      // The card keeps its count.
    }
  }

  toggleGroup(group: UnitGroup): void {
    this.openUnitGroup(this.openGroup === group ? null : group);
  }

  /** Open a category (e.g. from the size guide); null closes it. */
  openUnitGroup(group: UnitGroup | null): void {
    this.openGroup = group;
    this.revealGroup = group !== null;
  }

  /**
   * Select a Space opened afresh (rental §4: entering detail_page clears the search): the list
   * starts at its top with no category open and no row expanded, unless CHOOSE THIS SIZE has just
   * opened a category for the visitor (it is still to be revealed).
   */
  startList(): void {
    this.listScrollTop = 0;
    this.expandedSpaceId = null;
    if (!this.revealGroup) this.openGroup = null;
  }

  groupRevealed(): void {
    this.revealGroup = false;
  }

  saveListScroll(top: number): void {
    this.listScrollTop = top;
  }

  /** 'See what fits!': the size guide opens at this card's size. */
  focusSizeGuide(group: UnitGroup | null): void {
    this.sizeGuideFocus = group;
  }

  /**
   * The size guide's Back: to where it was opened (ShellStore.sizeGuideReturn). Back on the space
   * list, the category whose 'See what fits!' opened the guide is open and in view again.
   */
  leaveSizeGuide(): void {
    const { shell } = this.root;
    if (shell.sizeGuideReturn === 'rent' && this.sizeGuideFocus) this.openUnitGroup(this.sizeGuideFocus);
    this.sizeGuideFocus = null;
    shell.selectSection(shell.sizeGuideReturn);
  }

  /** Expand or collapse a space row's details, loading them the first time. */
  async toggleDetails(spaceId: string): Promise<void> {
    if (this.expandedSpaceId === spaceId) {
      this.expandedSpaceId = null;
      return;
    }
    this.expandedSpaceId = spaceId;
    const known = this.details.get(spaceId);
    const facilityId = this.facilityId;
    if (!facilityId || (known && known.state !== 'failed')) return;
    this.details.set(spaceId, LOADING);
    let next: Loadable<SpaceDetail> = FAILED;
    try {
      const response = await this.root.api.call<SpaceDetail>('spaceDetails', { facility: facilityId, spaceId });
      if (response.status === 'ok' && response.result) next = ready(response.result);
    } catch {
      next = FAILED;
    }
    runInAction(() => {
      this.details.set(spaceId, next);
    });
  }

  /** The group a unit's card shows it under. */
  groupOf(unit: Unit): UnitGroup {
    return unitGroupOf(unit);
  }

  /** Forget everything the last visitor did (RootStore.resetAll, when a session ends). */
  reset(): void {
    this.openGroup = null;
    this.revealGroup = false;
    this.listScrollTop = 0;
    this.sizeGuideFocus = null;
    this.expandedSpaceId = null;
    this.spaceSearch.clear();
    for (const space of this.spaces) space.status = '';
    this.details.clear();
  }
}
