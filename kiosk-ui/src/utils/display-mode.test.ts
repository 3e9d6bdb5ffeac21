import { describe, expect, it } from 'vitest';
import { applyDisplayMode } from './display-mode';

describe('applyDisplayMode', () => {
  it('sets a class per mode on the root and the height left above the reach zone', () => {
    const root = document.createElement('html');
    applyDisplayMode({ highContrast: true, largeText: false, lowReach: true, reachZonePercent: 60 }, root);
    expect([...root.classList]).toEqual(['kiosk-high-contrast', 'kiosk-low-reach']);
    expect(root.style.getPropertyValue('--ui-reach-offset')).toBe('40vh');

    applyDisplayMode({ highContrast: false, largeText: true, lowReach: false, reachZonePercent: 45 }, root);
    expect([...root.classList]).toEqual(['kiosk-large-text']);
    expect(root.style.getPropertyValue('--ui-reach-offset')).toBe('55vh');
  });

  it("blanks the screen with audio mode's blank, and takes the blank off again", () => {
    const root = document.createElement('html');
    const mode = { highContrast: false, largeText: false, lowReach: false, reachZonePercent: 60 };
    applyDisplayMode({ ...mode, screenBlank: true }, root);
    expect([...root.classList]).toEqual(['kiosk-screen-blank']);
    applyDisplayMode({ ...mode, screenBlank: false }, root);
    expect([...root.classList]).toEqual([]);
  });

  it('keeps the colours the configuration set on the same element', () => {
    const root = document.createElement('html');
    root.style.setProperty('--kiosk-primary', '#123456');
    applyDisplayMode({ highContrast: true, largeText: true, lowReach: true, reachZonePercent: 100 }, root);
    expect(root.style.getPropertyValue('--kiosk-primary')).toBe('#123456');
    expect(root.style.getPropertyValue('--ui-reach-offset')).toBe('0vh');
  });
});
