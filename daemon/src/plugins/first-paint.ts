import { createHash } from 'node:crypto';
import {
  DEMO_MARK_TEXT,
  FIRST_PAINT_ELEMENT_ID,
  FIRST_PAINT_TAP_ATTRIBUTE,
  KIOSK_COLOR_NAME,
  SIDEBAR_LABEL,
  SIDEBAR_SECTION_TEXTS,
  WELCOME_DEFAULTS,
  facilitySettingsQuery,
  kioskColorVariable,
  sidebarFacts,
  visibleSidebarSections,
  type FacilitySettings,
  type KioskConfig,
  type NonInteractiveDocument,
} from '@kiosk/shared-types';
import type { FastifyBaseLogger } from 'fastify';
import type { UpstreamResponse, UpstreamService } from './upstream.js';

/**
 * The welcome screen's first paint, rendered by the daemon into index.html so the visitor sees
 * the facility's welcome (background image, headline, subheadline, copy, colours, the sidebar's
 * column) as soon as the HTML and stylesheet arrive, instead of a white page while the UI's
 * scripts download and run (docs/performance.md: welcome LCP ≤ 1.0 s at 4× CPU slowdown).
 *
 * The sidebar's items are drawn too (the shared rule and English texts, shared-types sidebar.ts),
 * and they already take taps: a small inline script (FIRST_PAINT_TAP_SCRIPT, allowed by its hash in
 * the page's CSP) marks the tapped item as chosen at once and notes it on the first paint's root;
 * the UI, when it replaces this picture with its own welcome, taps the same item of its own
 * sidebar (kiosk-ui/src/utils/first-paint.ts). So a visitor who taps before the UI's scripts have
 * run loses nothing. Everything else is a picture: hidden from assistive technology (the UI's own
 * welcome, with the same texts, follows within a second; the items take no keyboard focus), no
 * ids but the root's, transparent to taps outside the items. It uses the UI's own class names, so
 * global.css lays it out exactly where the React welcome screen will be; the UI removes it once
 * its own welcome (or any other screen) has rendered.
 */

/**
 * Notes the last sidebar item tapped on the first paint (the UI replays it) and shows it chosen
 * (aria-current, styled as the UI's current item). Plain ES5 in one line: it runs as the HTML is
 * parsed, before any of the UI's code, in any browser the kiosk could run.
 */
export const FIRST_PAINT_TAP_SCRIPT =
  `(function(){var r=document.getElementById(${JSON.stringify(FIRST_PAINT_ELEMENT_ID)});if(!r)return;` +
  `r.addEventListener('click',function(e){var b=e.target&&e.target.closest&&e.target.closest('[data-nav-target]');` +
  `if(!b||!r.contains(b))return;var c=r.querySelectorAll('[aria-current]');` +
  `for(var i=0;i<c.length;i++)c[i].removeAttribute('aria-current');b.setAttribute('aria-current','page');` +
  `r.setAttribute(${JSON.stringify(FIRST_PAINT_TAP_ATTRIBUTE)},b.getAttribute('data-nav-target'));});})();`;

/** The CSP source that allows FIRST_PAINT_TAP_SCRIPT, and no other inline script. */
export const FIRST_PAINT_TAP_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(FIRST_PAINT_TAP_SCRIPT).digest('base64')}'`;

/** What the first paint draws: the configuration, and what decides the sidebar's items. */
export interface FirstPaintFacts {
  config: KioskConfig;
  facility: Pick<FacilitySettings, 'facility_map_url' | 'external_paybill'> | null;
  documents: readonly Pick<NonInteractiveDocument, 'document_type'>[];
}

/** How long a fetched configuration is used before it is fetched again (in the background). */
const FRESH_MS = 5 * 60_000;
/** After a failed fetch, pages are served without a first paint for this long before a retry. */
const RETRY_AFTER_MS = 30_000;

/** Colour values that cannot end the style attribute or smuggle a url(): hex, rgb(), names. */
const COLOR_VALUE = /^[#A-Za-z0-9(),.%\s-]{1,64}$/;

/** Text or an attribute value, safe inside HTML. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** Only http(s) URLs (absolute, or rooted on the kiosk's own origin) become a background. */
function imageUrl(value: unknown): string | null {
  const url = text(value);
  if (url === null) return null;
  return /^(https?:\/\/|\/(?!\/))[^\s"'()\\<>]+$/.test(url) ? url : null;
}

/**
 * The sidebar: the logo's box (the configured logo, or an empty box the size of the UI's default
 * one, so the items sit exactly where the UI's will) and the items, which take taps.
 */
function sidebarMarkup({ config, facility, documents }: FirstPaintFacts): string {
  const logo = imageUrl(config.logo);
  const items = visibleSidebarSections(sidebarFacts(facility, documents))
    .map(
      (section) =>
        `<li><button type="button" tabindex="-1" class="kiosk-sidebar__item" data-nav-action="sidebar" data-nav-target="${section}">` +
        `${escapeHtml(SIDEBAR_SECTION_TEXTS[section])}</button></li>`,
    )
    .join('');
  return (
    '<div class="kiosk-sidebar__logo">' +
    (logo
      ? `<img class="kiosk-logo" src="${escapeHtml(logo)}" alt="">`
      : '<div class="kiosk-logo kiosk-logo--default"></div>') +
    '</div>' +
    `<nav class="kiosk-sidebar__nav" aria-label="${escapeHtml(SIDEBAR_LABEL)}" style="pointer-events:auto">` +
    `<ul class="kiosk-sidebar__items">${items}</ul></nav>`
  );
}

/**
 * The welcome's markup for a facility, or '' when it has none to show. A demo kiosk's wears the
 * DEMO mark as the UI does (components/DemoMark.tsx), so nothing moves when the UI takes over.
 */
export function firstPaintMarkup(facts: FirstPaintFacts, demo = false): string {
  const { config } = facts;
  const welcome = config.welcome ?? {};
  const colors = Object.entries(config.colors ?? {})
    .filter(
      ([name, value]) => KIOSK_COLOR_NAME.test(name) && typeof value === 'string' && COLOR_VALUE.test(value.trim()),
    )
    .map(([name, value]) => `${kioskColorVariable(name)}:${value.trim()}`);
  const background = imageUrl(welcome.background_image);
  const headline = text(welcome.headline) ?? WELCOME_DEFAULTS.headline;
  // The default names where the menu is: beside the screen, or above it on a portrait screen (global.css).
  const subheadline = text(welcome.subheadline);
  const subheadlineMarkup =
    subheadline !== null
      ? escapeHtml(subheadline)
      : `<span class="kiosk-welcome__where-side">${escapeHtml(WELCOME_DEFAULTS.subheadline)}</span>` +
        `<span class="kiosk-welcome__where-above">${escapeHtml(WELCOME_DEFAULTS.subheadline_above)}</span>`;
  const copy = text(welcome.copy);
  const wrapperStyle = ['position:fixed', 'inset:0', 'z-index:2147483000', 'pointer-events:none', ...colors].join(';');
  const section = background
    ? `<section class="kiosk-screen kiosk-welcome kiosk-welcome--image" style="background-image:url(&quot;${escapeHtml(background)}&quot;)">`
    : '<section class="kiosk-screen kiosk-welcome">';
  // The image starts loading as the HTML is parsed, not once the stylesheet has been applied.
  const preload = background
    ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(background)}">`
    : '';
  return (
    preload +
    `<div id="${FIRST_PAINT_ELEMENT_ID}" class="kiosk-app" aria-hidden="true" style="${escapeHtml(wrapperStyle)}">` +
    (demo ? `<div class="kiosk-demo-mark">${escapeHtml(DEMO_MARK_TEXT)}</div>` : '') +
    `<div class="kiosk-shell"><aside class="kiosk-sidebar">${sidebarMarkup(facts)}</aside><div class="kiosk-main">` +
    section +
    '<div class="kiosk-welcome__panel">' +
    `<h1 class="kiosk-welcome__headline">${escapeHtml(headline)}</h1>` +
    `<p class="kiosk-welcome__subheadline">${subheadlineMarkup}</p>` +
    (copy ? `<p class="kiosk-welcome__copy">${escapeHtml(copy)}</p>` : '') +
    '</div></section></div></div></div>' +
    `<script>${FIRST_PAINT_TAP_SCRIPT}</script>`
  );
}

/** index.html with the first paint placed just before the UI's root element. */
export function withFirstPaint(html: string, markup: string): string {
  if (markup === '') return html;
  const root = html.indexOf('<div id="root">');
  return root === -1 ? html : `${html.slice(0, root)}${markup}${html.slice(root)}`;
}

/** An operator answer's result when it is an object, else null. */
function resultOf<T extends object>(body: unknown): T | null {
  const data = (body as { application_data?: { status?: unknown; result?: unknown } } | null)?.application_data;
  if (data?.status !== 'ok' || typeof data.result !== 'object' || data.result === null) return null;
  return data.result as T;
}

export interface FirstPaintCache {
  /** The markup for a page of this facility: '' when there is none yet (never waits). */
  markupFor(facilityId: string): string;
  /** Fetch the configuration now (at start), so the first page already has its first paint. */
  warm(): Promise<void>;
}

/**
 * The first paint of the kiosk's own facility, from its configuration as the operator API gives
 * it. A kiosk serves one facility, so one entry is kept (bounded memory); pages of other
 * facilities get none. A page never waits: a stale entry is served while a fresh one is fetched.
 */
export function createFirstPaintCache(
  facilityId: string,
  upstream: UpstreamService,
  log: FastifyBaseLogger,
  now: () => number = Date.now,
  onFacilitySettings: (settings: FacilitySettings) => void = () => undefined,
  demo = false,
): FirstPaintCache {
  let markup = '';
  let fetchedAt = -Infinity;
  let retryAt = -Infinity;
  let inFlight: Promise<void> | null = null;

  // The facility settings and documents decide some sidebar items; without them those items wait for the UI.
  const optional = async <T extends object>(answer: Promise<UpstreamResponse>): Promise<T | null> => {
    try {
      const response = await answer;
      return response.statusCode === 200 ? resultOf<T>(response.body) : null;
    } catch {
      return null;
    }
  };

  const fetchFacts = async (): Promise<FirstPaintFacts> => {
    const facility = { facility: facilityId };
    const [configuration, settings, documents] = await Promise.all([
      upstream.call('configuration', facility),
      optional<FacilitySettings>(upstream.call('facility', facility, { query: facilitySettingsQuery(facilityId) })),
      optional<{ agreements?: unknown }>(upstream.call('nonInteractiveAgreements', facility)),
    ]);
    if (settings !== null) onFacilitySettings(settings);
    const config = configuration.statusCode === 200 ? resultOf<KioskConfig>(configuration.body) : null;
    if (config === null) throw new Error(`configuration answered ${configuration.statusCode}`);
    const agreements = documents?.agreements;
    return {
      config,
      facility: settings,
      documents: Array.isArray(agreements) ? (agreements as NonInteractiveDocument[]) : [],
    };
  };

  const refresh = (): Promise<void> => {
    inFlight ??= fetchFacts()
      .then((facts) => {
        markup = firstPaintMarkup(facts, demo);
        fetchedAt = now();
      })
      .catch((error: unknown) => {
        retryAt = now() + RETRY_AFTER_MS;
        log.warn({ reason: (error as Error).message }, 'welcome first paint: configuration not fetched');
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };

  return {
    markupFor(requested) {
      if (requested !== facilityId || upstream.pool === null) return '';
      const at = now();
      if (at - fetchedAt > FRESH_MS && at >= retryAt) void refresh();
      return markup;
    },
    warm: () => (upstream.pool === null ? Promise.resolve() : refresh()),
  };
}
