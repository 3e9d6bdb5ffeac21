import { describe, expect, it } from 'vitest';
import { mediaKind, thumbnailOf } from './media-kind';

describe('mediaKind', () => {
  it('shows pictures and video files the media host serves', () => {
    expect(mediaKind({ type: 'photo', url: 'http://sandbox/assets/photos/front.svg' })).toBe('image');
    expect(mediaKind({ type: 'map', url: '/assets/maps/static-map.svg?size=283x91' })).toBe('image');
    expect(mediaKind({ type: 'video', url: 'http://sandbox/assets/video/tour.webm' })).toBe('video');
  });

  it('never embeds a map or video host page: a placeholder instead', () => {
    expect(mediaKind({ type: 'video', url: 'https://www.youtube.com/embed/abc' })).toBe('placeholder');
    expect(mediaKind({ type: 'street_view', url: 'https://www.google.com/maps/embed?pb=1' })).toBe('placeholder');
  });

  it('uses the thumbnail when it is a picture, else nothing to draw', () => {
    expect(thumbnailOf({ type: 'video', url: '/v.webm', thumbnail_url: '/poster.svg' })).toBe('/poster.svg');
    expect(thumbnailOf({ type: 'video', url: 'https://vimeo.com/1', thumbnail_url: null })).toBeNull();
    expect(thumbnailOf({ type: 'photo', url: '/a.jpg' })).toBe('/a.jpg');
  });
});
