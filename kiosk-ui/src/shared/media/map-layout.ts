import { SCREEN, type FacilityMapPolygon } from '@kiosk/shared-types';

/**
 * Facility-map geometry and URLs (shell spec §2 "Facility map", §9 "Map height offset 50 px"):
 * pure functions so the scaling and the PDF rule are unit-tested.
 */

/** A map URL ending in pdf (query and fragment aside) is a PDF, shown full-page without its toolbar. */
export function isPdfUrl(url: string): boolean {
  const path = url.split(/[?#]/)[0] ?? '';
  return /pdf$/i.test(path);
}

/** The PDF viewer's parameters: no toolbar, fit the page width. */
export function pdfEmbedUrl(url: string): string {
  return `${url.split('#')[0]}#toolbar=0&view=FitH`;
}

export interface Size {
  width: number;
  height: number;
}

/**
 * How much an image is scaled to fit the container minus 50 px of height, keeping its shape.
 * Never enlarged past the container; 0 when either size is unknown.
 */
export function mapScale(container: Size, image: Size): number {
  const height = container.height - SCREEN.mapHeightOffset;
  if (container.width <= 0 || height <= 0 || image.width <= 0 || image.height <= 0) return 0;
  return Math.min(container.width / image.width, height / image.height);
}

/** The smallest touch target, CSS px (WCAG 2.5.5). */
export const TOUCH_TARGET_PX = 44;

/**
 * A box grown about its centre to at least `min` px each way: a space with a video stays a
 * target a finger can hit when the map is scaled down (a short screen, Move controls down).
 */
export function touchBox(box: { left: number; top: number; width: number; height: number }, min = TOUCH_TARGET_PX) {
  const width = Math.max(box.width, min);
  const height = Math.max(box.height, min);
  return {
    left: box.left - (width - box.width) / 2,
    top: box.top - (height - box.height) / 2,
    width,
    height,
  };
}

/** A polygon's box in the scaled image, in pixels. */
export function polygonBox(polygon: FacilityMapPolygon, scale: number) {
  return {
    left: polygon.left * scale,
    top: polygon.top * scale,
    width: polygon.width * scale,
    height: polygon.height * scale,
  };
}
