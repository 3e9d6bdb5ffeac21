import { afterEach, describe, expect, it, vi } from 'vitest';
import { fieldIsCovered, KEYBOARD_HEIGHT_VAR, KEYBOARD_INSET_VAR, publishKeyboardInset } from './keyboard-inset';

function boxed(top: number, height: number, tag = 'div'): HTMLElement {
  const element = document.createElement(tag);
  document.body.append(element);
  vi.spyOn(element, 'getBoundingClientRect').mockReturnValue({
    top,
    bottom: top + height,
    height,
    left: 0,
    right: 100,
    width: 100,
    x: 0,
    y: top,
    toJSON: () => ({}),
  });
  return element;
}

afterEach(() => {
  document.body.replaceChildren();
  Reflect.deleteProperty(document, 'elementFromPoint');
});

describe('publishKeyboardInset', () => {
  it("publishes the keyboard's height and its distance from the bottom edge, and takes them away", () => {
    const root = document.createElement('div');
    const keyboard = boxed(window.innerHeight - 420, 380);
    const onChange = vi.fn();
    const stop = publishKeyboardInset(keyboard, onChange, root);
    expect(root.style.getPropertyValue(KEYBOARD_HEIGHT_VAR)).toBe('380px');
    expect(root.style.getPropertyValue(KEYBOARD_INSET_VAR)).toBe('420px');
    expect(onChange).toHaveBeenCalledWith(380);
    stop();
    expect(root.style.getPropertyValue(KEYBOARD_HEIGHT_VAR)).toBe('');
    expect(root.style.getPropertyValue(KEYBOARD_INSET_VAR)).toBe('');
  });
});

describe('fieldIsCovered', () => {
  it('is covered when it reaches below the keyboard top (less the margin) or lies above the top', () => {
    expect(fieldIsCovered(boxed(500, 64, 'input'), 700, 24)).toBe(false);
    expect(fieldIsCovered(boxed(620, 64, 'input'), 700, 24)).toBe(true);
    expect(fieldIsCovered(boxed(-30, 64, 'input'), 700, 24)).toBe(true);
  });

  it('is covered when something else lies over its centre (a sticky footer)', () => {
    const field = boxed(500, 64, 'input');
    const footer = boxed(480, 120);
    document.elementFromPoint = () => footer;
    expect(fieldIsCovered(field, 700, 24)).toBe(true);
    document.elementFromPoint = () => field;
    expect(fieldIsCovered(field, 700, 24)).toBe(false);
  });
});
