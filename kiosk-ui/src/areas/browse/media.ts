import { SCREEN, type MediaItem } from '@kiosk/shared-types';

/*
 * Rental §9 says: "Item 1 in the media popup is the map, then the street view. An empty slot is
 * inserted at position 2 of the media list." Our reading, chosen so the slider and the popup show
 * the same order:
 *  - the media list (slider) gets an empty slot at position 2 counted from 1, i.e. right after the
 *    first photo or video. The slider fills that slot with the map thumbnail (283x91) and the street
 *    view stacked in one 285 px column, which is why the slot itself carries no media;
 *  - the popup expands that slot in place: item 1 counted from 0 is the map, item 2 the street view,
 *    then the remaining photos and videos. Swiping through the popup therefore follows the slider.
 * With neither a map nor a street view there is nothing to show in the slot, so none is inserted.
 * With no photos at all the slot becomes the first item (there is no position 2 to put it in).
 */
export const SLOT_POSITION = 1;

export type SliderItem =
  | { kind: 'media'; item: MediaItem; popupIndex: number }
  | {
      kind: 'map_slot';
      map: MediaItem | null;
      streetView: MediaItem | null;
      /** Where a tap on the map / street view opens the popup; null when that half is missing. */
      mapPopupIndex: number | null;
      streetViewPopupIndex: number | null;
    };

export interface MediaLists {
  slider: SliderItem[];
  popup: MediaItem[];
}

/**
 * Splits the facility media (photos, videos and possibly the map / street view) into the slider
 * and popup lists. A map or street view passed explicitly (e.g. built from the address) wins over
 * one found in the list.
 */
export function buildMediaLists(
  media: readonly MediaItem[],
  extra: { map?: MediaItem | null; streetView?: MediaItem | null } = {},
): MediaLists {
  const map = extra.map ?? media.find((m) => m.type === 'map') ?? null;
  const streetView = extra.streetView ?? media.find((m) => m.type === 'street_view') ?? null;
  const others = media.filter((m) => m.type !== 'map' && m.type !== 'street_view');

  const slotAt = Math.min(SLOT_POSITION, others.length);
  const slotMedia = [map, streetView].filter((m): m is MediaItem => m !== null);
  const popup = [...others.slice(0, slotAt), ...slotMedia, ...others.slice(slotAt)];

  const slider: SliderItem[] = others.map((item, i) => ({
    kind: 'media',
    item,
    popupIndex: i < slotAt ? i : i + slotMedia.length,
  }));
  if (slotMedia.length) {
    slider.splice(slotAt, 0, {
      kind: 'map_slot',
      map,
      streetView,
      mapPopupIndex: map ? slotAt : null,
      streetViewPopupIndex: streetView ? slotAt + (map ? 1 : 0) : null,
    });
  }
  return { slider, popup };
}

/** Slider geometry: every item, the map slot included, is one 285 px column. */
export const SLIDER_ITEM_WIDTH = SCREEN.sliderItemWidth;

export function sliderTrackWidth(itemCount: number): number {
  return Math.max(itemCount, 0) * SLIDER_ITEM_WIDTH;
}

/** Scroll offset that brings item `index` to the left edge, never past the last full page. */
export function sliderOffset(index: number, itemCount: number, viewportWidth: number): number {
  const maxOffset = Math.max(sliderTrackWidth(itemCount) - viewportWidth, 0);
  return Math.min(Math.max(index, 0) * SLIDER_ITEM_WIDTH, maxOffset);
}
