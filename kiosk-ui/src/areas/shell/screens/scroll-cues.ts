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

/** Where a box is drawn, top and bottom (CSS px of the viewport). */
export interface Span {
  top: number;
  bottom: number;
}

/** A pixel's rounding; an item cut by more is not whole (what the visual checks hold it to). */
const WHOLE_SLACK_PX = 1;

/** Whether each item is drawn whole inside the list's box: an item cut by its edge is not drawn at all. */
export function wholeItems(list: Span, items: readonly Span[]): boolean[] {
  return items.map((item) => item.top >= list.top - WHOLE_SLACK_PX && item.bottom <= list.bottom + WHOLE_SLACK_PX);
}

/**
 * How far to scroll the list for a page (`direction` 1: "More", -1: "Back up"), or 0 when there is
 * no further item that way: "More" brings the first item not shown whole to the list's top, "Back
 * up" brings the last one above the list to its foot, so a page starts and ends on whole items.
 */
export function pageScroll(direction: 1 | -1, list: Span, items: readonly Span[]): number {
  if (direction === 1) {
    const next = items.find((item) => item.bottom > list.bottom + SLACK_PX);
    return next === undefined ? 0 : Math.max(0, next.top - list.top);
  }
  const previous = items.findLast((item) => item.top < list.top - SLACK_PX);
  return previous === undefined ? 0 : Math.min(0, previous.bottom - list.bottom);
}

const spanOf = (element: Element): Span => {
  const { top, bottom } = element.getBoundingClientRect();
  return { top, bottom };
};

/**
 * The list's box without its padding at the foot: what the items are drawn in. An item reaching
 * into the foot's padding is cut by the cues' row below it as far as a visitor can tell.
 */
function listSpan(box: HTMLElement): Span {
  const span = spanOf(box);
  const paddingBottom = parseFloat(getComputedStyle(box).paddingBottom) || 0;
  return { top: span.top, bottom: span.bottom - paddingBottom };
}

/** The boxes around `box` that scroll (the sidebar itself, on a short screen): they cut its items too. */
function scrollingAncestors(box: HTMLElement): HTMLElement[] {
  const found: HTMLElement[] = [];
  for (let parent = box.parentElement; parent !== null; parent = parent.parentElement)
    if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(parent).overflowY)) found.push(parent);
  return found;
}

/** Where the list's items can be seen: its own box, cut by the boxes around it and the screen. */
function shownSpan(box: HTMLElement, around: readonly HTMLElement[]): Span {
  const span = listSpan(box);
  let { top, bottom } = span;
  for (const parent of around) {
    const clip = spanOf(parent);
    top = Math.max(top, clip.top);
    bottom = Math.min(bottom, clip.bottom);
  }
  return { top: Math.max(top, 0), bottom: Math.min(bottom, window.innerHeight) };
}

/**
 * The cues of the scrolling box `ref` holds, kept up to date as it scrolls, resizes or its items
 * change (a login adds none, the countdown changes width only), and its items marked
 * `data-cut` while the box's edge cuts them (global.css does not draw them); `scrollPage(direction)`
 * moves it by a page of whole items.
 */
export function useScrollCues(ref: RefObject<HTMLElement | null>): {
  cues: ScrollCues;
  scrollPage: (direction: 1 | -1) => void;
} {
  const [cues, setCues] = useState<ScrollCues>(NO_CUES);
  useEffect(() => {
    const box = ref.current;
    if (box === null) return undefined;
    const around = scrollingAncestors(box);
    const update = () => {
      setCues((current) => {
        const next = scrollCues(box);
        return next.up === current.up && next.down === current.down ? current : next;
      });
      const items = [...box.children];
      const whole = wholeItems(shownSpan(box, around), items.map(spanOf));
      items.forEach((item, index) => item.toggleAttribute('data-cut', !whole[index]));
    };
    update();
    for (const scroller of [box, ...around]) scroller.addEventListener('scroll', update, { passive: true });
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resize?.observe(box);
    for (const child of box.children) resize?.observe(child);
    const mutation = new MutationObserver(update);
    mutation.observe(box, { childList: true });
    return () => {
      for (const scroller of [box, ...around]) scroller.removeEventListener('scroll', update);
      resize?.disconnect();
      mutation.disconnect();
    };
  }, [ref]);
  const scrollPage = useCallback(
    (direction: 1 | -1) => {
      const box = ref.current;
      if (box === null) return;
      const top = pageScroll(direction, listSpan(box), [...box.children].map(spanOf));
      if (top !== 0) box.scrollBy({ top, behavior: scrollBehavior() });
    },
    [ref],
  );
  return { cues, scrollPage };
}
