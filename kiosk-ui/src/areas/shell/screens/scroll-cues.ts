import { useCallback, useEffect, useState, type RefObject } from 'react';
import { scrollBehavior } from '../../../utils/motion';

/** Which ends of a scrolling list hide items: the cues the sidebar shows (docs/screens.md). */
export interface ScrollCues {
  /** Items above what shows: the "back up" cue. */
  up: boolean;
  /** Items below what shows: the "more" cue. */
  down: boolean;
}

/** Less than this is rounding, not a hidden item. */
const SLACK_PX = 2;

export const NO_CUES: ScrollCues = { up: false, down: false };

/** The cues a scrolling box needs, from its scroll position and sizes. */
export function scrollCues(box: { scrollTop: number; scrollHeight: number; clientHeight: number }): ScrollCues {
  const hidden = box.scrollHeight - box.clientHeight;
  if (hidden <= SLACK_PX) return NO_CUES;
  return { up: box.scrollTop > SLACK_PX, down: box.scrollTop < hidden - SLACK_PX };
}

/** Where an item lies in its list (px from the list's top, its content scrolled or not). */
export interface Span {
  top: number;
  bottom: number;
}

/**
 * Where to scroll the list for a page (`direction` 1: "More", -1: "Back up"), or null when there
 * is no further item that way: "More" brings the first item not shown whole to the list's top, "Back
 * up" brings the last one above the list to its foot, so a page starts and ends on whole items.
 */
export function pageScroll(
  direction: 1 | -1,
  list: { scrollTop: number; clientHeight: number },
  items: readonly Span[],
): number | null {
  const top = list.scrollTop;
  const bottom = top + list.clientHeight;
  if (direction === 1) {
    const next = items.find((item) => item.bottom > bottom + SLACK_PX);
    return next === undefined ? null : next.top;
  }
  const previous = items.findLast((item) => item.top < top - SLACK_PX);
  return previous === undefined ? null : Math.max(0, previous.bottom - list.clientHeight);
}

/**
 * An item shows whole when at least this share of it does (a fraction of a pixel's rounding): cut
 * by more, by the list's edge, the sidebar's (a short screen scrolls it) or the screen's, it is
 * marked `data-cut` and not drawn (global.css).
 */
const WHOLE = 0.99;

/**
 * The cues of the scrolling box `ref` holds, kept up to date as it scrolls, resizes or its items
 * change (a login adds none, the countdown changes width only), and its items marked `data-cut`
 * while an edge cuts them; `scrollPage(direction)` moves it by a page of whole items.
 */
export function useScrollCues(ref: RefObject<HTMLElement | null>): {
  cues: ScrollCues;
  scrollPage: (direction: 1 | -1) => void;
} {
  const [cues, setCues] = useState<ScrollCues>(NO_CUES);
  useEffect(() => {
    const box = ref.current;
    if (box === null) return undefined;
    const update = () =>
      setCues((current) => {
        const next = scrollCues(box);
        return next.up === current.up && next.down === current.down ? current : next;
      });
    update();
    box.addEventListener('scroll', update, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resize?.observe(box);
    // Against the screen, through every box that clips on the way: what a visitor sees of each item.
    const cut =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver(
            (entries) => {
              for (const entry of entries) entry.target.toggleAttribute('data-cut', entry.intersectionRatio < WHOLE);
            },
            { threshold: WHOLE },
          );
    const watchItems = () => {
      for (const child of box.children) {
        resize?.observe(child);
        cut?.observe(child);
      }
    };
    watchItems();
    const mutation = new MutationObserver(() => {
      watchItems();
      update();
    });
    mutation.observe(box, { childList: true });
    return () => {
      box.removeEventListener('scroll', update);
      resize?.disconnect();
      cut?.disconnect();
      mutation.disconnect();
      for (const child of box.children) child.removeAttribute('data-cut');
    };
  }, [ref]);
  const scrollPage = useCallback(
    (direction: 1 | -1) => {
      const box = ref.current;
      if (box === null) return;
      const items = [...box.children] as HTMLElement[];
      // The list is the items' offset parent (positioned): their place in its content.
      const top = pageScroll(
        direction,
        box,
        items.map((item) => ({ top: item.offsetTop, bottom: item.offsetTop + item.offsetHeight })),
      );
      if (top !== null) box.scrollTo({ top, behavior: scrollBehavior() });
    },
    [ref],
  );
  return { cues, scrollPage };
}
