import { KIOSK_COLOR_NAME, kioskColorVariable } from '@kiosk/shared-types';

/**
 * Apply the configured colours as page-wide CSS variables (shell spec §1), named as the
 * configuration names them. global.css reads them with fallbacks, e.g.
 * `var(--kiosk-primary, #0b4f8a)`: primary, primary_text, secondary, secondary_text, accent,
 * background, surface, text, muted_text. Other names are applied too, for screens that want them.
 */
export function applyKioskColors(colors: Record<string, unknown> | null | undefined, element: HTMLElement): void {
  if (!colors) return;
  for (const [name, value] of Object.entries(colors)) {
    if (!KIOSK_COLOR_NAME.test(name) || typeof value !== 'string' || value.trim() === '') continue;
    element.style.setProperty(kioskColorVariable(name), value.trim());
  }
}
