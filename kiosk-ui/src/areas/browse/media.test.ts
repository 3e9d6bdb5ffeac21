import type { MediaItem } from '@kiosk/shared-types';
import { describe, expect, it } from 'vitest';
import { buildMediaLists, SLIDER_ITEM_WIDTH, sliderOffset, sliderTrackWidth } from './media';

const photo = (n: number): MediaItem => ({ type: 'photo', url: `p${n}.jpg` });
const map: MediaItem = { type: 'map', url: 'map' };
const streetView: MediaItem = { type: 'street_view', url: 'sv' };

describe('buildMediaLists', () => {
  it('inserts the map slot at position 2 of the slider', () => {
    const { slider } = buildMediaLists([photo(1), map, photo(2), streetView, photo(3)]);
    expect(slider.map((s) => (s.kind === 'media' ? s.item.url : 'slot'))).toEqual([
      'p1.jpg',
      'slot',
      'p2.jpg',
      'p3.jpg',
    ]);
  });

  it('opens the popup with the map as item 1 and the street view next', () => {
    const { popup } = buildMediaLists([photo(1), photo(2), streetView, map]);
    expect(popup.map((m) => m.url)).toEqual(['p1.jpg', 'map', 'sv', 'p2.jpg']);
  });

  it('opens the popup on the item the visitor tapped', () => {
    const { slider, popup } = buildMediaLists([photo(1), photo(2), photo(3)], { map, streetView });
    const slot = slider[1];
    expect(slot?.kind).toBe('map_slot');
    if (slot?.kind !== 'map_slot') return;
    expect(popup[slot.mapPopupIndex ?? -1]).toBe(map);
    expect(popup[slot.streetViewPopupIndex ?? -1]).toBe(streetView);
    for (const s of slider) if (s.kind === 'media') expect(popup[s.popupIndex]).toBe(s.item);
  });

  it('keeps a lone street view in the slot when there is no map', () => {
    const { slider, popup } = buildMediaLists([photo(1), streetView]);
    expect(slider[1]).toMatchObject({ kind: 'map_slot', map: null, mapPopupIndex: null, streetViewPopupIndex: 1 });
    expect(popup.map((m) => m.url)).toEqual(['p1.jpg', 'sv']);
  });

  it('inserts no empty slot when there is neither map nor street view', () => {
    const { slider } = buildMediaLists([photo(1), photo(2)]);
    expect(slider.every((s) => s.kind === 'media')).toBe(true);
  });

  it('shows the map first when the facility has no photos', () => {
    const { slider, popup } = buildMediaLists([map]);
    expect(slider).toHaveLength(1);
    expect(popup).toEqual([map]);
  });
});

describe('slider geometry', () => {
  it('gives every item 285 px', () => {
    expect(SLIDER_ITEM_WIDTH).toBe(285);
    expect(sliderTrackWidth(4)).toBe(1140);
  });

  it('scrolls by whole items without running past the end', () => {
    expect(sliderOffset(1, 6, 600)).toBe(285);
    expect(sliderOffset(5, 6, 600)).toBe(6 * 285 - 600);
    expect(sliderOffset(3, 2, 600)).toBe(0);
  });
});
