import { SCREEN, sidebarFacts, visibleSidebarSections, type SidebarSection } from '@kiosk/shared-types';
import { makeAutoObservable } from 'mobx';
import type { KioskSection } from '@kiosk/shared-types';
import { DEFAULT_SECTION } from '../../sections/default-section';
import { sectionForPath, sidebarItemOf } from '../../sections/kiosk-paths';
import type { SectionName } from '../rental/flow/sections';
import { isSidebarHidden, RENTAL_AREA_SECTIONS } from '../../sections/sidebar';
import { parseRoute, routeHref, type Route, type UnavailableError } from './router';
import type { RootStore } from '../../stores/RootStore';

/**
 * Sections a developer may open from the address bar: `/{facId}?section=samples` opens the
 * samples test page (shell spec §2: "samples: a developer test page", not in the sidebar). Only
 * these; product sections are reached through the sidebar and the flows.
 */
export const DEVELOPER_SECTIONS = ['samples'] as const satisfies readonly KioskSection[];

function developerSection(search: string): KioskSection | null {
  const wanted = new URLSearchParams(search).get('section');
  return (DEVELOPER_SECTIONS as readonly string[]).includes(wanted ?? '') ? (wanted as KioskSection) : null;
}

/**
 * The kiosk shell: the URL route (history mode), the active kiosk section, the sidebar's items,
 * the logout confirmation and the screen size (shell spec §2).
 */
export class ShellStore {
  route: Route;
  section: KioskSection = 'home';
  logoutConfirmOpen = false;
  viewport: { width: number; height: number };
  /** The looping video failed to load or play: the shell shows nothing in its place. */
  videoFailed = false;
  /** Epoch seconds for the /time/ page, ticking while that page is open. */
  nowSeconds = Math.floor(Date.now() / 1000);
  /**
   * Where the size guide's Back goes: the space list when it was opened from the rental area
   * ('See what fits!', or the sidebar during the flow, whose hold is given back on leaving), else
   * the welcome screen.
   */
  sizeGuideReturn: 'rent' | 'home' = 'home';

  constructor(readonly root: RootStore) {
    const { pathname, search } = root.browser.location();
    this.route = parseRoute(pathname, search);
    this.viewport = root.browser.viewport();
    const devSection = this.route.name === 'kiosk' ? developerSection(search) : null;
    if (devSection !== null) {
      this.section = devSection;
      // Drop the flag: a reload (session end, home reload) must start at home again.
      root.browser.replaceState(routeHref(this.route));
    }
    makeAutoObservable(this, { root: false }, { autoBind: true });
  }

  /** Items the sidebar lists, in order (rules in shared-types sidebar.ts, shared with the first paint). */
  get sidebarSections(): SidebarSection[] {
    const { config } = this.root;
    // The documents themselves are shown by DocumentsStore, which the first screen does not load.
    return visibleSidebarSections(sidebarFacts(config.facility, config.nonInteractiveDocuments));
  }

  /** The Logout item shows only when a user token exists (none before the account store is loaded). */
  get showLogout(): boolean {
    return Boolean(this.root.ifLoaded('account')?.userToken);
  }

  /**
   * The rental flow's section; its default (the space list) until the rental store arrives with
   * the rental screens (stores/lazy-stores.ts).
   */
  get rentalSection(): SectionName {
    return this.root.ifLoaded('rental')?.section ?? DEFAULT_SECTION;
  }

  get sidebarHidden(): boolean {
    return isSidebarHidden(this.section, this.rentalSection);
  }

  /**
   * Screens larger than 1920x1080, wider AND taller, centre the kiosk layout vertically (shell
   * spec §2, §9). A portrait screen (1080x1920) is taller but not wider: it has a layout of its
   * own (docs/screens.md) and uses its whole height.
   */
  get isBigScreen(): boolean {
    return this.viewport.width > SCREEN.bigScreenWidth && this.viewport.height > SCREEN.bigScreenHeight;
  }

  /**
   * A portrait screen, as CSS's `orientation: portrait` has it (not wider than tall): the menu is a
   * bar above the screen (docs/screens.md, global.css).
   */
  get isPortrait(): boolean {
    return this.viewport.height >= this.viewport.width;
  }

  /**
   * The most specific section the visitor is on, for the daemon's session rules and the logs:
   * inside the rental flow its own section (detail_page, info, ...), else the kiosk section.
   */
  get activeSection(): string {
    return (RENTAL_AREA_SECTIONS as readonly string[]).includes(this.section) ? this.rentalSection : this.section;
  }

  /** Where the next visit starts: this page's route without any query (the developer flag). */
  get homeHref(): string {
    return routeHref(this.route);
  }

  get facilityId(): string | null {
    return this.route.name === 'kiosk' ? this.route.facilityId : null;
  }

  /** Listen to back/forward and window size; returns the disposer. */
  start(): () => void {
    const { browser } = this.root;
    const stopPop = browser.onPopState(this.syncRouteFromLocation);
    const stopResize = browser.onResize(this.syncViewport);
    return () => {
      stopPop();
      stopResize();
    };
  }

  selectSection(section: KioskSection): void {
    if (section === 'size_guide' && this.section !== 'size_guide')
      this.sizeGuideReturn = this.section === 'rent' ? 'rent' : 'home';
    // The section already open, tapped again: the rental area goes back to where it starts.
    if (section === this.section) this.root.ifLoaded('rental')?.reopenKioskSection(section);
    this.section = section;
  }

  /** Opens the section a kiosk path shows (sections/kiosk-paths.ts); false when none does. */
  openPath(path: string): boolean {
    const section = sectionForPath(path);
    if (section === null) return false;
    this.selectSection(section);
    return true;
  }

  /** The sidebar item marked as the current page: the section's own, or its area's. */
  get currentSidebarItem(): KioskSection {
    return sidebarItemOf(this.section);
  }

  goHome(): void {
    this.section = 'home';
    this.logoutConfirmOpen = false;
  }

  navigate(route: Route, options: { replace?: boolean } = {}): void {
    const href = routeHref(route);
    if (options.replace) this.root.browser.replaceState(href);
    else this.root.browser.pushState(href);
    this.route = route;
  }

  /** Replace the current page by the unavailable page (no way back into a kiosk that cannot work). */
  showUnavailable(error: UnavailableError): void {
    this.navigate({ name: 'unavailable', error }, { replace: true });
  }

  openLogoutConfirm(): void {
    this.logoutConfirmOpen = true;
  }

  cancelLogout(): void {
    this.logoutConfirmOpen = false;
  }

  /** LOGOUT in the confirmation: end the session, clear the user, back to home (shell spec §4). */
  confirmLogout(): void {
    this.logoutConfirmOpen = false;
    this.root.ifLoaded('account')?.logout();
    this.root.session.endSession('logout');
    this.goHome();
  }

  markVideoFailed(): void {
    this.videoFailed = true;
  }

  /** Tick `nowSeconds` every second while the time page is open; returns the disposer. */
  startClock(): () => void {
    this.tick();
    const timer = setInterval(this.tick, 1000);
    return () => clearInterval(timer);
  }

  tick(): void {
    this.nowSeconds = Math.floor(Date.now() / 1000);
  }

  syncRouteFromLocation(): void {
    const { pathname, search } = this.root.browser.location();
    this.route = parseRoute(pathname, search);
  }

  syncViewport(): void {
    this.viewport = this.root.browser.viewport();
  }

  reset(): void {
    this.goHome();
    this.sizeGuideReturn = 'home';
  }
}
