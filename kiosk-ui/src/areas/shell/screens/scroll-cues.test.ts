import { describe, expect, it } from 'vitest';
import { pageScroll, scrollCues } from './scroll-cues';

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

describe('a page of whole items', () => {
  // Items of 64 px, 8 px apart, in a list 300 px high scrolled by 30 px.
  const list = { scrollTop: 30, clientHeight: 300 };
  const items = [0, 1, 2, 3, 4, 5].map((index) => ({ top: index * 72, bottom: 64 + index * 72 }));

  it('"More" brings the first item not shown whole to the head; "Back up" the last one above to the foot', () => {
    // Shown: 30 to 330. Item 4 (288-352) is cut at the foot, item 0 (0-64) at the head.
    expect(pageScroll(1, list, items)).toBe(288);
    expect(pageScroll(-1, list, items)).toBe(0);
    expect(pageScroll(-1, { scrollTop: 300, clientHeight: 100 }, items)).toBe(352 - 100);
    // At the list's ends there is no page further that way.
    expect(pageScroll(1, { scrollTop: 100, clientHeight: 400 }, items)).toBeNull();
    expect(pageScroll(-1, { scrollTop: 0, clientHeight: 300 }, items)).toBeNull();
  });
});
