import { afterEach, describe, expect, it } from 'vitest';
import { preventKeyRepeat } from './no-key-repeat';

describe('preventKeyRepeat', () => {
  let undo: (() => void) | undefined;
  afterEach(() => {
    undo?.();
    document.body.replaceChildren();
  });

  it('lets a key press through once and cancels the repeats of the held key', () => {
    undo = preventKeyRepeat(window);
    const button = document.createElement('button');
    document.body.append(button);
    const seen: boolean[] = [];
    button.addEventListener('keydown', (event) => seen.push(event.repeat));
    const press = (repeat: boolean) => {
      const event = new KeyboardEvent('keydown', { key: 'Enter', repeat, bubbles: true, cancelable: true });
      button.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(press(false)).toBe(false);
    expect(press(true)).toBe(true);
    expect(press(true)).toBe(true);
    expect(press(false)).toBe(false);
    expect(seen).toEqual([false, false]);
  });
});
