import { describe, expect, it } from 'vitest';
import { isAllowedOrigin, mapMediaSource, mediaSource, thumbnailOf, videoHostPlayerUrl } from './media-kind';

describe('mediaSource', () => {
  it('shows pictures and video files as such', () => {
    expect(mediaSource({ type: 'photo', url: 'http://sandbox/assets/photos/front.svg' })).toEqual({
      kind: 'image',
      url: 'http://sandbox/assets/photos/front.svg',
    });
    expect(mediaSource({ type: 'map', url: '/assets/maps/static-map.svg?size=283x91' })?.kind).toBe('image');
    expect(mediaSource({ type: 'video', url: 'http://sandbox/assets/video/tour.webm' })?.kind).toBe('video');
    expect(mediaSource({ type: 'photo', url: 'https://cdn.example.com/photo/1234' })?.kind).toBe('image');
  });

  it("reads the maps service's static map and street-view still as pictures, its embeds as pages", () => {
    const staticMap = 'https://maps.googleapis.com/maps/api/staticmap?center=1250+Maple&size=283x91';
    expect(mediaSource({ type: 'map', url: staticMap })).toEqual({ kind: 'image', url: staticMap });
    expect(
      mediaSource({ type: 'street_view', url: 'https://maps.googleapis.com/maps/api/streetview?location=1' })?.kind,
    ).toBe('image');
    expect(mediaSource({ type: 'street_view', url: 'https://www.google.com/maps/embed?pb=1' })).toEqual({
      kind: 'page',
      url: 'https://www.google.com/maps/embed?pb=1',
    });
  });

  it("plays a video host's link in the host's player", () => {
    expect(mediaSource({ type: 'video', url: 'https://www.youtube.com/watch?v=abc123XYZ' })).toEqual({
      kind: 'page',
      url: 'https://www.youtube.com/embed/abc123XYZ',
    });
    expect(videoHostPlayerUrl('https://youtu.be/abc123XYZ')).toBe('https://www.youtube.com/embed/abc123XYZ');
    expect(videoHostPlayerUrl('https://m.youtube.com/shorts/abc123XYZ')).toBe(
      'https://www.youtube.com/embed/abc123XYZ',
    );
    expect(videoHostPlayerUrl('https://www.youtube-nocookie.com/embed/abc')).toBe(
      'https://www.youtube-nocookie.com/embed/abc',
    );
    expect(videoHostPlayerUrl('https://acme.wistia.com/medias/h1b2c3')).toBe(
      'https://fast.wistia.net/embed/iframe/h1b2c3',
    );
    expect(videoHostPlayerUrl('https://fast.wistia.net/embed/iframe/h1b2c3?autoPlay=true')).toBe(
      'https://fast.wistia.net/embed/iframe/h1b2c3?autoPlay=true',
    );
    expect(videoHostPlayerUrl('https://vimeo.com/1')).toBeNull();
  });

  it('loads nothing that is not an http(s) address', () => {
    expect(mediaSource({ type: 'video', url: 'javascript:alert(1)' })).toBeNull();
    expect(mediaSource({ type: 'map', url: 'file:///etc/passwd' })).toBeNull();
  });
});

describe('mapMediaSource', () => {
  it("takes a space's yt or wistia link, or the bare id of the video", () => {
    expect(mapMediaSource({ media_type: 'yt', media_url: 'dQw4w9WgXcQ' })).toEqual({
      kind: 'page',
      url: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
    });
    expect(mapMediaSource({ media_type: 'wistia', media_url: 'h1b2c3d4' })?.url).toBe(
      'https://fast.wistia.net/embed/iframe/h1b2c3d4',
    );
    expect(mapMediaSource({ media_type: 'yt', media_url: 'https://youtu.be/dQw4w9WgXcQ' })?.url).toBe(
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    );
    expect(mapMediaSource({ media_type: 'yt', media_url: '/assets/video/embed/a101.html' })).toEqual({
      kind: 'page',
      url: '/assets/video/embed/a101.html',
    });
  });
});

describe('isAllowedOrigin', () => {
  const page = 'http://127.0.0.1:8080';
  it("allows the kiosk's own origin and the configured ones, nothing else", () => {
    const allowed = ['https://www.youtube.com', 'http://127.0.0.1:8090'];
    expect(isAllowedOrigin('/assets/x.svg', page, allowed)).toBe(true);
    expect(isAllowedOrigin('https://www.youtube.com/embed/a', page, allowed)).toBe(true);
    expect(isAllowedOrigin('http://127.0.0.1:8090/assets/a.html', page, allowed)).toBe(true);
    expect(isAllowedOrigin('https://youtube.com/embed/a', page, allowed)).toBe(false);
    expect(isAllowedOrigin('http://www.youtube.com/embed/a', page, allowed)).toBe(false);
    expect(isAllowedOrigin('http://127.0.0.1:8091/a.html', page, allowed)).toBe(false);
  });
});

describe('thumbnailOf', () => {
  it('uses the thumbnail, else the picture itself, else nothing to draw', () => {
    expect(thumbnailOf({ type: 'video', url: '/v.webm', thumbnail_url: '/poster.svg' })).toBe('/poster.svg');
    expect(thumbnailOf({ type: 'video', url: 'https://vimeo.com/1', thumbnail_url: null })).toBeNull();
    expect(thumbnailOf({ type: 'photo', url: '/a.jpg' })).toBe('/a.jpg');
  });
});
