import type { FacilityMapMedia, MediaItem } from '@kiosk/shared-types';

/*
 * What a media URL is and how it loads (rental §7 and shell §7 "Third-party loads": a maps service
 * with static maps, street view and embeds, video hosts and players). A picture loads in an <img>,
 * a video file in a <video>, and anything else (a video host's player, a maps embed) as a page in
 * a sandboxed frame. Whether it may load at all is the kiosk's configuration (content-access.ts).
 */
const IMAGE = /\.(svg|png|jpe?g|gif|webp|avif)(\?|#|$)/i;
const VIDEO = /\.(webm|mp4|ogv|m4v)(\?|#|$)/i;
/** The maps service's static pictures (a static map, a street-view still): images without an extension. */
const STATIC_MAP_PATH = /\/maps\/api\/(staticmap|streetview)(\/|$)/;
const YOUTUBE = /(^|\.)(youtube\.com|youtube-nocookie\.com)$/i;
const WISTIA = /(^|\.)(wistia\.com|wistia\.net)$/i;
/** A bare video id, as map media may carry instead of a link. */
const BARE_ID = /^[A-Za-z0-9_-]{4,64}$/;

export type MediaKind = 'image' | 'video' | 'page';

export interface MediaSource {
  kind: MediaKind;
  /** What to load: the URL itself, or a video host's player page for a link to a video on it. */
  url: string;
}

/** Any base resolves a relative URL to a path on the kiosk's own origin; only the scheme matters here. */
const PARSE_BASE = 'http://kiosk.invalid';

function parse(url: string): URL | null {
  try {
    const parsed = new URL(url, PARSE_BASE);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The player page for a link to a video on YouTube or Wistia (a watch page, a short link, a media
 * page); null for any other URL. A player page stays as it is.
 */
export function videoHostPlayerUrl(url: string): string | null {
  const parsed = parse(url);
  if (!parsed) return null;
  const host = parsed.hostname.toLowerCase();
  const path = parsed.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be' && path[0]) return `https://www.youtube.com/embed/${path[0]}`;
  if (YOUTUBE.test(host)) {
    const origin = host === 'm.youtube.com' || host === 'youtube.com' ? 'https://www.youtube.com' : parsed.origin;
    if (path[0] === 'embed' && path[1]) return parsed.href;
    const id = path[0] === 'watch' ? parsed.searchParams.get('v') : path[0] === 'shorts' ? path[1] : null;
    return id ? `${origin}/embed/${id}` : null;
  }
  if (WISTIA.test(host)) {
    if (path[0] === 'embed') return parsed.href;
    const at = path.indexOf('medias');
    return at !== -1 && path[at + 1] ? `https://fast.wistia.net/embed/iframe/${path[at + 1]}` : null;
  }
  return null;
}

/** How an item loads; null when its URL cannot load in the kiosk at all (not http(s), unreadable). */
export function mediaSource(item: Pick<MediaItem, 'type' | 'url'>): MediaSource | null {
  const parsed = parse(item.url);
  if (!parsed) return null;
  if (IMAGE.test(parsed.pathname)) return { kind: 'image', url: item.url };
  if (VIDEO.test(parsed.pathname)) return { kind: 'video', url: item.url };
  const player = videoHostPlayerUrl(item.url);
  if (player) return { kind: 'page', url: player };
  if (STATIC_MAP_PATH.test(parsed.pathname)) return { kind: 'image', url: item.url };
  // A photo is a picture whatever its address looks like; a map, street view or video is a page.
  return { kind: item.type === 'photo' ? 'image' : 'page', url: item.url };
}

/** A facility-map space's video (media_type yt or wistia): a link, or the bare id of the video. */
export function mapMediaSource(media: FacilityMapMedia): MediaSource | null {
  const id = media.media_url.trim();
  if (BARE_ID.test(id)) {
    const url =
      media.media_type === 'wistia'
        ? `https://fast.wistia.net/embed/iframe/${id}`
        : `https://www.youtube.com/embed/${id}`;
    return { kind: 'page', url };
  }
  return mediaSource({ type: 'video', url: id });
}

/** The picture shown for an item in the slider: its thumbnail, else the image itself. */
export function thumbnailOf(item: Pick<MediaItem, 'type' | 'url' | 'thumbnail_url'>): string | null {
  if (item.thumbnail_url && parse(item.thumbnail_url)) return item.thumbnail_url;
  const source = mediaSource(item);
  return source?.kind === 'image' ? source.url : null;
}

/**
 * The origin `url` loads from, relative URLs resolved against the kiosk page's origin; null when
 * it is not an http(s) URL.
 */
export function originOf(url: string, pageOrigin: string): string | null {
  try {
    const parsed = new URL(url, pageOrigin);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** The kiosk's own origin, or one of the content origins its configuration allows. */
export function isAllowedOrigin(url: string, pageOrigin: string, allowedOrigins: readonly string[]): boolean {
  const origin = originOf(url, pageOrigin);
  if (origin === null) return false;
  return origin === pageOrigin || allowedOrigins.some((allowed) => originOf(allowed, pageOrigin) === origin);
}
