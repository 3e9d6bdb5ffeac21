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

/**
 * The cues of the scrolling box `ref` holds, kept up to date as it scrolls, resizes or its items
 * change (a login adds none, the countdown changes width only); `scrollPage(direction)` moves it by
 * most of what it shows, so the item at the edge stays in sight.
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
    for (const child of box.children) resize?.observe(child);
    const mutation = new MutationObserver(update);
    mutation.observe(box, { childList: true });
    return () => {
      box.removeEventListener('scroll', update);
      resize?.disconnect();
      mutation.disconnect();
    };
  }, [ref]);
  const scrollPage = useCallback(
    (direction: 1 | -1) => {
      const box = ref.current;
      if (box === null) return;
      box.scrollBy({ top: direction * Math.max(1, box.clientHeight * 0.75), behavior: scrollBehavior() });
    },
    [ref],
  );
  return { cues, scrollPage };
}
