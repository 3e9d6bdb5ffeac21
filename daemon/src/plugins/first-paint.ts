import {
  FIRST_PAINT_ELEMENT_ID,
  KIOSK_COLOR_NAME,
  WELCOME_DEFAULTS,
  kioskColorVariable,
  type KioskConfig,
} from '@kiosk/shared-types';
import type { FastifyBaseLogger } from 'fastify';
import type { UpstreamService } from './upstream.js';

/**
 * The welcome screen's first paint, rendered by the daemon into index.html so the visitor sees
 * the facility's welcome (background image, headline, subheadline, copy, colours, the sidebar's
 * column) as soon as the HTML and stylesheet arrive, instead of a white page while the UI's
 * scripts download and run (DESIGN §6: welcome LCP ≤ 1.0 s at 4× CPU slowdown).
 *
 * It is a picture, not the UI: hidden from assistive technology, transparent to taps
 * (pointer-events: none), no ids, no controls. It uses the UI's own class names, so global.css
 * lays it out exactly where the React welcome screen will be; the UI removes it once its own
 * welcome (or any other screen) has rendered (kiosk-ui/src/utils/first-paint.ts).
 */

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

/** The welcome's markup for a configuration, or '' when it has none to show. */
export function firstPaintMarkup(config: KioskConfig): string {
  const welcome = config.welcome ?? {};
  const colors = Object.entries(config.colors ?? {})
    .filter(
      ([name, value]) => KIOSK_COLOR_NAME.test(name) && typeof value === 'string' && COLOR_VALUE.test(value.trim()),
    )
    .map(([name, value]) => `${kioskColorVariable(name)}:${value.trim()}`);
  const background = imageUrl(welcome.background_image);
  const headline = text(welcome.headline) ?? WELCOME_DEFAULTS.headline;
  const subheadline = text(welcome.subheadline) ?? WELCOME_DEFAULTS.subheadline;
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
    '<div class="kiosk-shell"><div class="kiosk-sidebar"></div><div class="kiosk-main">' +
    section +
    '<div class="kiosk-welcome__panel">' +
    `<h1 class="kiosk-welcome__headline">${escapeHtml(headline)}</h1>` +
    `<p class="kiosk-welcome__subheadline">${escapeHtml(subheadline)}</p>` +
    (copy ? `<p class="kiosk-welcome__copy">${escapeHtml(copy)}</p>` : '') +
    '</div></section></div></div></div>'
  );
}

/** index.html with the first paint placed just before the UI's root element. */
export function withFirstPaint(html: string, markup: string): string {
  if (markup === '') return html;
  const root = html.indexOf('<div id="root">');
  return root === -1 ? html : `${html.slice(0, root)}${markup}${html.slice(root)}`;
}

function configurationOf(body: unknown): KioskConfig | null {
  const data = (body as { application_data?: { status?: unknown; result?: unknown } } | null)?.application_data;
  if (data?.status !== 'ok' || typeof data.result !== 'object' || data.result === null) return null;
  return data.result as KioskConfig;
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
): FirstPaintCache {
  let markup = '';
  let fetchedAt = -Infinity;
  let retryAt = -Infinity;
  let inFlight: Promise<void> | null = null;

  const refresh = (): Promise<void> => {
    inFlight ??= upstream
      .call('configuration', { facility: facilityId })
      .then((response) => {
        const config = response.statusCode === 200 ? configurationOf(response.body) : null;
        if (config === null) throw new Error(`configuration answered ${response.statusCode}`);
        markup = firstPaintMarkup(config);
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
