import { describe, expect, it } from 'vitest';
import { pageScroll, scrollCues, wholeItems } from './scroll-cues';

describe('scrollCues', () => {
  it('shows no cue when every item fits', () => {
    expect(scrollCues({ scrollTop: 0, scrollHeight: 600, clientHeight: 600 })).toEqual({ up: false, down: false });
    expect(scrollCues({ scrollTop: 0, scrollHeight: 601, clientHeight: 600 })).toEqual({ up: false, down: false });
  });

  it('shows "more" at the top of a list that runs below the box', () => {
    expect(scrollCues({ scrollTop: 0, scrollHeight: 900, clientHeight: 400 })).toEqual({ up: false, down: true });
  });

  it('shows both in the middle and only "back up" at the end', () => {
    expect(scrollCues({ scrollTop: 200, scrollHeight: 900, clientHeight: 400 })).toEqual({ up: true, down: true });
    expect(scrollCues({ scrollTop: 500, scrollHeight: 900, clientHeight: 400 })).toEqual({ up: true, down: false });
    // A fractional scroll position at the end (zoomed pages) is the end.
    expect(scrollCues({ scrollTop: 499.4, scrollHeight: 900, clientHeight: 400 })).toEqual({ up: true, down: false });
  });
});

describe('whole items only', () => {
  const list = { top: 100, bottom: 400 };
  // Items of 64 px, 8 px apart, the list scrolled by 30 px.
  const items = [0, 1, 2, 3, 4].map((index) => ({ top: 70 + index * 72, bottom: 134 + index * 72 }));

  it('draws an item the list edge cuts, at its head or its foot, not at all', () => {
    expect(wholeItems(list, items)).toEqual([false, true, true, true, false]);
  });

  it('"More" brings the first item not shown whole to the head; "Back up" the last one above to the foot', () => {
    expect(pageScroll(1, list, items)).toBe(358 - 100);
    expect(pageScroll(-1, list, items)).toBe(134 - 400);
    // At the list's ends there is no page further that way.
    expect(pageScroll(1, list, items.slice(0, 4))).toBe(0);
    expect(pageScroll(-1, list, items.slice(1))).toBe(0);
  });
});
