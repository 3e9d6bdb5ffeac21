import { FIRST_PAINT_ELEMENT_ID, FIRST_PAINT_TAP_ATTRIBUTE } from '@kiosk/shared-types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissFirstPaint, handOverFirstPaint, hasFirstPaint } from './first-paint';

describe("the daemon's first paint of the welcome", () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.useRealTimers();
  });

  it('is found in the page and removed once, leaving the UI root alone', () => {
    document.body.innerHTML = `<div id="${FIRST_PAINT_ELEMENT_ID}"><h1>WELCOME</h1></div><div id="root"></div>`;
    expect(hasFirstPaint()).toBe(true);
    dismissFirstPaint();
    expect(hasFirstPaint()).toBe(false);
    expect(document.getElementById('root')).not.toBeNull();
    // A second call (another screen shown later) is harmless.
    dismissFirstPaint();
    expect(document.body.children).toHaveLength(1);
  });

  /** The page once the UI's sidebar is in: its items record the order of what happened. */
  function pageWithSidebar(tapped: string | null, events: string[]): void {
    const attribute = tapped === null ? '' : ` ${FIRST_PAINT_TAP_ATTRIBUTE}="${tapped}"`;
    document.body.innerHTML =
      `<div id="${FIRST_PAINT_ELEMENT_ID}"${attribute}><button data-nav-action="sidebar" data-nav-target="rent">Select a Space</button></div>` +
      '<div id="root"><nav><button data-nav-action="sidebar" data-nav-target="home">Home</button>' +
      '<button data-nav-action="sidebar" data-nav-target="rent">Select a Space</button></nav></div>';
    for (const item of document.querySelectorAll<HTMLElement>('#root [data-nav-target]'))
      item.addEventListener('click', () => events.push(`tap ${item.dataset.navTarget}`));
  }

  it("taps the UI's own sidebar item that the visitor tapped on the first paint, as their gesture", () => {
    const events: string[] = [];
    pageWithSidebar('rent', events);
    handOverFirstPaint(() => events.push('gesture'));
    expect(hasFirstPaint()).toBe(false);
    expect(events).toEqual(['gesture', 'tap rent']);
  });

  it('taps nothing when the first paint was not tapped, or its item is not in the UI sidebar', () => {
    const events: string[] = [];
    pageWithSidebar(null, events);
    handOverFirstPaint(() => events.push('gesture'));
    pageWithSidebar('facility_map', events);
    handOverFirstPaint(() => events.push('gesture'));
    expect(hasFirstPaint()).toBe(false);
    expect(events).toEqual([]);
  });
});
