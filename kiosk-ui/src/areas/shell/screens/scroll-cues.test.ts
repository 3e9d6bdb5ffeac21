import { describe, expect, it } from 'vitest';
import { scrollCues } from './scroll-cues';

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
