import type { LazyStoreName } from '../../stores/lazy-stores';

/**
 * What Select a Space and Find my reservation need to show the spaces and hold one: the rental
 * screen and those two sections wait for no more, so the likeliest first tap is ready soon after
 * the first screen (prefetchLikeliestScreen in registry.ts).
 */
export const BROWSE_STORES: readonly LazyStoreName[] = ['units', 'rental', 'account'];

/** Every store the rental area uses: every later rental section waits for them (rental/sections.ts). */
export const RENTAL_STORES: readonly LazyStoreName[] = [
  ...BROWSE_STORES,
  'checkout',
  'identity',
  'documents',
  'device',
  'printer',
  'payment',
  'licenceScan',
  'trivia',
];
