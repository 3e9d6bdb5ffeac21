const DAY_MS = 86_400_000;
export const MAX_STARS = 5;

export interface RelativeDate {
  /** i18next key; `count` picks the plural form ('browse.reviews.days' → days_one / days_other). */
  key:
    | 'browse.reviews.today'
    | 'browse.reviews.days'
    | 'browse.reviews.weeks'
    | 'browse.reviews.months'
    | 'browse.reviews.years';
  count: number;
}

/**
 * How long ago a review was written (rental §9): Today, then days, weeks from 7 days, months from
 * 30 days, years from 365 days. A time in the future (a kiosk clock behind the server's) reads Today.
 */
export function relativeReviewDate(timeSeconds: number, nowMs: number = Date.now()): RelativeDate {
  const days = Math.floor((nowMs - timeSeconds * 1000) / DAY_MS);
  if (!Number.isFinite(days) || days < 1) return { key: 'browse.reviews.today', count: 0 };
  if (days < 7) return { key: 'browse.reviews.days', count: days };
  if (days < 30) return { key: 'browse.reviews.weeks', count: Math.floor(days / 7) };
  if (days < 365) return { key: 'browse.reviews.months', count: Math.floor(days / 30) };
  return { key: 'browse.reviews.years', count: Math.floor(days / 365) };
}

/** Fill of each of the 5 stars, 0..1: 3.5 → [1, 1, 1, 0.5, 0]. */
export function starFill(rating: number, stars: number = MAX_STARS): number[] {
  const clamped = Number.isFinite(rating) ? Math.min(Math.max(rating, 0), stars) : 0;
  return Array.from({ length: stars }, (_, i) => Math.round(Math.min(Math.max(clamped - i, 0), 1) * 100) / 100);
}

/**
 * Shown for a reviewer without a picture or whose picture fails to load. Inline so it works offline
 * and can never itself be broken.
 */
export const DEFAULT_REVIEW_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><circle cx="20" cy="20" r="20" fill="#d5d8dc"/>' +
      '<circle cx="20" cy="15" r="7" fill="#fff"/><path d="M7 34a13 11 0 0 1 26 0z" fill="#fff"/></svg>',
  );

export function reviewImageSrc(url: string | null | undefined): string {
  return url && url.trim() ? url : DEFAULT_REVIEW_IMAGE;
}

/**
 * For an <img onError>: swaps a broken picture for the default one, once — if the fallback itself
 * failed, setting it again would loop forever.
 */
export function swapToFallbackImage(img: { src: string }, fallback: string = DEFAULT_REVIEW_IMAGE): boolean {
  if (img.src === fallback) return false;
  img.src = fallback;
  return true;
}
