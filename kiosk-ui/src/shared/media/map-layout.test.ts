import { describe, expect, it } from 'vitest';
import { isPdfUrl, mapScale, pdfEmbedUrl, polygonBox, touchBox } from './map-layout';

describe('facility map layout', () => {
  it('treats a URL ending in pdf as a PDF, whatever its query', () => {
    expect(isPdfUrl('http://x.test/maps/facility-map.pdf')).toBe(true);
    expect(isPdfUrl('http://x.test/maps/facility-map.PDF?v=2')).toBe(true);
    expect(isPdfUrl('http://x.test/maps/facility-map.html')).toBe(false);
  });

  it('hides the PDF toolbar and fits the page width', () => {
    expect(pdfEmbedUrl('http://x.test/map.pdf')).toBe('http://x.test/map.pdf#toolbar=0&view=FitH');
    expect(pdfEmbedUrl('http://x.test/map.pdf#page=2')).toBe('http://x.test/map.pdf#toolbar=0&view=FitH');
  });

  it('scales an image to the container minus 50 px of height, keeping its shape', () => {
    expect(mapScale({ width: 1200, height: 850 }, { width: 1200, height: 800 })).toBe(1);
    expect(mapScale({ width: 1500, height: 450 }, { width: 1200, height: 800 })).toBe(0.5);
    expect(mapScale({ width: 600, height: 1000 }, { width: 1200, height: 800 })).toBe(0.5);
    expect(mapScale({ width: 600, height: 40 }, { width: 1200, height: 800 })).toBe(0);
  });

  it('grows a scaled-down space to a 44 px target about its centre, and leaves a big one as it is', () => {
    expect(touchBox({ left: 100, top: 50, width: 57, height: 30 })).toEqual({
      left: 100,
      top: 43,
      width: 57,
      height: 44,
    });
    expect(touchBox({ left: 100, top: 50, width: 20, height: 60 })).toEqual({
      left: 88,
      top: 50,
      width: 44,
      height: 60,
    });
    expect(touchBox({ left: 0, top: 0, width: 80, height: 60 })).toEqual({ left: 0, top: 0, width: 80, height: 60 });
  });

  it('scales each polygon with the image', () => {
    expect(polygonBox({ door_name: 'A101', left: 120, top: 100, width: 80, height: 60, media: [] }, 0.5)).toEqual({
      left: 60,
      top: 50,
      width: 40,
      height: 30,
    });
  });
});
