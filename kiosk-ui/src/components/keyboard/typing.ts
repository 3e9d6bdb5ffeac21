import { isFunctionKey, isKeyboardLayoutName, KEY, LAYOUTS, type KeyboardLayoutName } from './layouts';

/**
 * How the on-screen keyboard types into the focused field: exactly like a browser does for a
 * physical key, so react-hook-form, React's onChange and imask all see real input.
 *
 * The value is set through the native value setter (React tracks the last value it set; writing
 * `el.value` directly would make it miss the change), the caret is put after the new text, then
 * `beforeinput` (cancelable) and `input` events are dispatched. imask handles `input` by
 * re-masking the value and moving the caret to the end of what was typed, and calls onAccept.
 */

export type TextField = HTMLInputElement | HTMLTextAreaElement;

/** Input types a visitor types text into. type=email is included but forms should not use it (see below). */
const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', 'password', 'number']);

/** A field the keyboard serves: a text-like input or textarea, enabled, editable, not opted out. */
export function isTextField(element: unknown): element is TextField {
  if (element instanceof HTMLTextAreaElement) return !element.disabled && !element.readOnly && optedIn(element);
  if (element instanceof HTMLInputElement) {
    return TEXT_INPUT_TYPES.has(element.type) && !element.disabled && !element.readOnly && optedIn(element);
  }
  return false;
}

function optedIn(element: TextField): boolean {
  return element.dataset.keyboard !== 'none';
}

/**
 * The layout a field asked for with data-keyboard; without one, a sensible guess from its
 * inputMode/type (a field that forgot to declare still gets a usable keyboard).
 */
export function layoutOf(field: TextField): KeyboardLayoutName {
  const declared = field.dataset.keyboard;
  if (isKeyboardLayoutName(declared)) return declared;
  const mode = field.inputMode || (field instanceof HTMLInputElement ? field.type : '');
  if (mode === 'email') return 'email';
  if (mode === 'tel') return 'phone';
  if (mode === 'numeric' || mode === 'decimal' || mode === 'number') return 'numeric';
  return 'normal';
}

/** An e-mail field, by layout or by what it tells the browser. */
export function isEmailField(field: TextField): boolean {
  return layoutOf(field) === 'email' || field.inputMode === 'email' || field.type === 'email';
}

/**
 * Auto-capitalisation (rental spec §5: "Typed text fields are auto capitalised on focus, except
 * email fields"): the keyboard is in shift mode for the first letter of an empty field whose
 * layout has capitals. E-mail fields never are; neither are password fields, whose hidden
 * characters would make an unasked-for capital invisible to the visitor.
 */
export function autoCapitalises(field: TextField): boolean {
  if (isEmailField(field) || field.type === 'password') return false;
  return LAYOUTS[layoutOf(field)].rows.shift !== undefined;
}

export function startsShifted(field: TextField): boolean {
  return autoCapitalises(field) && field.value === '';
}

function nativeValueSetter(field: TextField): ((value: string) => void) | undefined {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  return Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
}

function setNativeValue(field: TextField, value: string): void {
  const setter = nativeValueSetter(field);
  if (setter) setter.call(field, value);
  else field.value = value;
}

/**
 * [start, end] of the selection. type=email and type=number have no selection API (Chromium
 * answers null, some browsers throw): the caret is then taken to be at the end. That is one of
 * the pitfalls of type=email: forms use type=text inputMode=email instead.
 */
export function selectionOf(field: TextField): [number, number] {
  try {
    const { selectionStart, selectionEnd } = field;
    if (selectionStart !== null && selectionEnd !== null) return [selectionStart, selectionEnd];
  } catch {
    // no selection API for this input type
  }
  return [field.value.length, field.value.length];
}

function setCaret(field: TextField, position: number): void {
  try {
    field.setSelectionRange(position, position);
  } catch {
    // no selection API for this input type
  }
}

function replaceSelection(field: TextField, text: string, start: number, end: number, inputType: string): boolean {
  const before = new InputEvent('beforeinput', {
    bubbles: true,
    cancelable: true,
    inputType,
    data: inputType === 'insertText' ? text : null,
  });
  if (!field.dispatchEvent(before)) return false;
  const value = field.value;
  setNativeValue(field, value.slice(0, start) + text + value.slice(end));
  setCaret(field, start + text.length);
  field.dispatchEvent(
    new InputEvent('input', { bubbles: true, inputType, data: inputType === 'insertText' ? text : null }),
  );
  return true;
}

/** Type `text` at the caret (replacing a selection), within the field's maxLength. */
export function insertText(field: TextField, text: string): boolean {
  const [start, end] = selectionOf(field);
  let typed = text;
  if (field.maxLength >= 0) {
    const room = field.maxLength - (field.value.length - (end - start));
    if (room <= 0) return false;
    typed = typed.slice(0, room);
  }
  return replaceSelection(field, typed, start, end, 'insertText');
}

/** Backspace: deletes the selection, or the character before the caret. */
export function deleteBackward(field: TextField): boolean {
  const [start, end] = selectionOf(field);
  if (start !== end) return replaceSelection(field, '', start, end, 'deleteContentBackward');
  if (start === 0) return false;
  return replaceSelection(field, '', start - 1, start, 'deleteContentBackward');
}

/**
 * Enter: a new line in a textarea; otherwise submit the field's form like the browser's implicit
 * submission (requestSubmit runs validation and the form's onSubmit). A field outside a form gets
 * an Enter keydown for its own handler.
 */
export function pressEnter(field: TextField): void {
  if (field instanceof HTMLTextAreaElement) {
    insertText(field, '\n');
    return;
  }
  if (field.form) {
    field.form.requestSubmit();
    return;
  }
  field.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true, cancelable: true }));
}

/** What a key press does to the field; shift is the keyboard's own state. */
export function applyKey(field: TextField, button: string): void {
  switch (button) {
    case KEY.backspace:
      deleteBackward(field);
      return;
    case KEY.enter:
      pressEnter(field);
      return;
    case KEY.space:
      insertText(field, ' ');
      return;
    case KEY.shift:
      return;
    default:
      // Unknown function keys type nothing.
      if (!isFunctionKey(button)) insertText(field, button);
  }
}
