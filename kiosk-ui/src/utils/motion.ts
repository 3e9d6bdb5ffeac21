/**
 * How the kiosk's own scrolls move (a category brought into view, the card form, a page of the
 * menu): at once for a visitor who asks for reduced motion, smoothly otherwise.
 */
export function scrollBehavior(): ScrollBehavior {
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  return reduced ? 'auto' : 'smooth';
}
