import { afterEach, describe, expect, it } from 'vitest';
import { preventNewWindows } from './no-new-windows';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  document.body.innerHTML = '';
});

function clickLink(target: string): boolean {
  document.body.innerHTML = `<a href="https://example.com/" target="${target}"><span>Our partner</span></a>`;
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  document.querySelector('span')!.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('preventNewWindows', () => {
  it('window.open opens nothing', () => {
    restore = preventNewWindows(window);
    expect(window.open('https://example.com/')).toBeNull();
  });

  it('a link that names another window does nothing; same-window links are left to the page', () => {
    restore = preventNewWindows(window);
    expect(clickLink('_blank')).toBe(true);
    expect(clickLink('partner')).toBe(true);
    expect(clickLink('_self')).toBe(false);
  });
});
