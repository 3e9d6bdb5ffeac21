import type { MediaItem } from '@kiosk/shared-types';

/*
 * Third-party loads (rental §7: maps service, video hosts and players) are never attempted: a
 * picture or a video file the facility's own media host serves is shown; anything else (an embed
 * page of a map or video host) shows a tidy placeholder with the item's title.
 */
const IMAGE = /\.(svg|png|jpe?g|gif|webp|avif)(\?|#|$)/i;
const VIDEO = /\.(webm|mp4|ogv|m4v)(\?|#|$)/i;

export type MediaKind = 'image' | 'video' | 'placeholder';

export function mediaKind(item: Pick<MediaItem, 'type' | 'url'>): MediaKind {
  if (item.type === 'video') return VIDEO.test(item.url) ? 'video' : 'placeholder';
  return IMAGE.test(item.url) ? 'image' : 'placeholder';
}

/** The picture shown for an item in the slider: its thumbnail, else the image itself. */
export function thumbnailOf(item: Pick<MediaItem, 'type' | 'url' | 'thumbnail_url'>): string | null {
  if (item.thumbnail_url && IMAGE.test(item.thumbnail_url)) return item.thumbnail_url;
  return mediaKind(item) === 'image' ? item.url : null;
}
