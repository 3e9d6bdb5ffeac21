/**
 * The on-screen keyboard's layouts (both specs: normal, compact, numeric, phone, email, submit).
 * A field asks for one with `data-keyboard="<name>"`; `data-keyboard="none"` keeps the keyboard
 * away (a field with its own picker). Rows are keys separated by spaces, `{name}` for function
 * keys (the notation of react-simple-keyboard, which drew the keys before OnScreenKeyboard).
 */

export const KEYBOARD_LAYOUTS = ['normal', 'compact', 'numeric', 'phone', 'email', 'submit'] as const;
export type KeyboardLayoutName = (typeof KEYBOARD_LAYOUTS)[number];

export function isKeyboardLayoutName(value: string | undefined | null): value is KeyboardLayoutName {
  return (KEYBOARD_LAYOUTS as readonly string[]).includes(value ?? '');
}

/** Function keys; everything else types its own text ('.com' types four characters). */
export const KEY = {
  backspace: '{bksp}',
  shift: '{shift}',
  space: '{space}',
  enter: '{enter}',
} as const;

export interface KeyboardLayoutSpec {
  /** 'default' rows, and 'shift' rows for layouts with capital letters. */
  rows: { default: readonly string[]; shift?: readonly string[] };
  /** Smaller keys and a narrower panel. */
  size: 'full' | 'compact' | 'pad';
}

const DIGITS = '1 2 3 4 5 6 7 8 9 0 {bksp}';
const LOWER = ['q w e r t y u i o p', "a s d f g h j k l '", '{shift} z x c v b n m , . -'];
const UPPER = ['Q W E R T Y U I O P', "A S D F G H J K L '", '{shift} Z X C V B N M , . -'];
/** Addresses need #, / and &; e-mail-like text typed into a normal field needs @ and _. */
const SYMBOLS_AND_SPACE = '# & / {space} @ _';
const PAD = ['1 2 3', '4 5 6', '7 8 9', '0 {bksp}'];

/** Normal with an Enter key labelled Submit on the home row: submits the field's form. */
function withSubmit(rows: readonly string[]): string[] {
  return rows.map((row, index) => (index === 2 ? `${row} {enter}` : row));
}

const NORMAL_DEFAULT = [DIGITS, ...LOWER, SYMBOLS_AND_SPACE];
const NORMAL_SHIFT = [DIGITS, ...UPPER, SYMBOLS_AND_SPACE];

export const LAYOUTS: Record<KeyboardLayoutName, KeyboardLayoutSpec> = {
  normal: { rows: { default: NORMAL_DEFAULT, shift: NORMAL_SHIFT }, size: 'full' },
  /** The same letters in fewer, smaller keys: digits, letters, '-', space. */
  compact: {
    rows: {
      default: [
        '1 2 3 4 5 6 7 8 9 0',
        'q w e r t y u i o p',
        'a s d f g h j k l {bksp}',
        '{shift} z x c v b n m -',
        '{space}',
      ],
      shift: [
        '1 2 3 4 5 6 7 8 9 0',
        'Q W E R T Y U I O P',
        'A S D F G H J K L {bksp}',
        '{shift} Z X C V B N M -',
        '{space}',
      ],
    },
    size: 'compact',
  },
  numeric: { rows: { default: PAD }, size: 'pad' },
  /** Digits only: the phone mask adds the brackets, space and dash itself. */
  phone: { rows: { default: PAD }, size: 'pad' },
  /** Lower case only (addresses are not case sensitive), with the characters addresses use. */
  email: {
    rows: { default: [DIGITS, 'q w e r t y u i o p', 'a s d f g h j k l', 'z x c v b n m', '@ . _ - .com'] },
    size: 'full',
  },
  submit: { rows: { default: withSubmit(NORMAL_DEFAULT), shift: withSubmit(NORMAL_SHIFT) }, size: 'full' },
};

/** `{name}`: a function key, which types no text of its own. */
export function isFunctionKey(key: string): boolean {
  return /^\{.+\}$/.test(key);
}

/** Every key of a layout once, for attributes that apply to all keys. */
export function keysOf(spec: KeyboardLayoutSpec): string[] {
  const rows = [...spec.rows.default, ...(spec.rows.shift ?? [])];
  return [...new Set(rows.flatMap((row) => row.split(' ')))];
}
