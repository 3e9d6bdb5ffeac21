import type { MessageTree } from '../types';

/**
 * Words the kiosk's speech output adds to what the screen shows (docs/accessibility.md, "Speech"):
 * the role and state of the focused control, as a screen reader would say them.
 */
export const speech = {
  role: {
    button: 'button',
    link: 'link',
    checkbox: 'check box',
    radio: 'radio button',
    switch: 'switch',
    textbox: 'edit text',
    combobox: 'list box',
    tab: 'tab',
    option: 'option',
    menuitem: 'menu item',
    slider: 'slider',
  },
  state: {
    checked: 'checked',
    not_checked: 'not checked',
    pressed: 'on',
    not_pressed: 'off',
    expanded: 'expanded',
    collapsed: 'collapsed',
    selected: 'selected',
    disabled: 'unavailable',
    required: 'required',
    invalid: 'invalid entry',
    /** A secret select (expiry): that something is chosen, not what. */
    chosen: 'chosen',
    /** A card number typed so far: how many digits, then its last four once four exist. */
    digits_one: '{{count}} digit',
    digits_other: '{{count}} digits',
    ending_in: 'ending in {{digits}}',
    blank: 'blank',
    /** A secret field (CVV, password): its length is all that is said. */
    characters_one: '{{count}} character',
    characters_other: '{{count}} characters',
  },
} satisfies MessageTree;
