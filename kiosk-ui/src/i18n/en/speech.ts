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
  /** After a date field's name: how to type it (the placeholder, spelt out). */
  date_format: 'type month, day and year: {{format}}',
  /** A field's error, said with the field it belongs to. */
  field_error: '{{field}}: {{error}}',
  /** The speech keys' answers (speech/summary.ts); money comes formatted. */
  summary: {
    monthly_rent: 'Monthly rent {{amount}}',
    total: 'Total cost to move in {{amount}}',
    no_costs: 'No price yet: choose a space first.',
    nothing_yet: 'No space chosen yet.',
    unit: 'Your space: {{unit}}',
    insurance: 'Protection: {{name}}, {{premium}} a month',
    lock: 'Lock: {{name}}, {{price}}',
    gatecode: 'Unit {{door}}. Your gate code is {{code}}',
    gatecode_again: 'To hear your gate code again, press minus.',
    /** Said before a payment: the amount it will charge. */
    pay_amount: 'Amount to pay today: {{amount}}',
  },
  /**
   * Said when audio mode turns on, after "Audio on" and the languages: the keypad's keys
   * (SpeechStore SPEECH_KEY_CODES, speech/AudioControls.ts).
   */
  keys_help:
    'On the keypad, star repeats, slash tells your rental so far, minus tells the price, dot stops speech and star goes on. ' +
    'Dot then 8 is louder, dot then 2 softer, dot then 0 blanks the screen, dot then 5 says private details aloud.',
  /** Said by the volume keys and buttons, at the new level (SpeechStore louder/softer). */
  volume: {
    /** The buttons beside the audio control while audio mode is on, and their group. */
    label: 'Volume',
    louder: 'Louder',
    softer: 'Softer',
    level: 'Volume {{level}} of {{count}}.',
    highest: 'Volume at its highest.',
    lowest: 'Volume at its lowest.',
  },
  /** The screen blank (dot, then 0), in audio mode. */
  blank: {
    on: 'Screen off: it shows nothing while you listen. Dot, then 0, shows it again.',
    off: 'Screen on.',
  },
  /**
   * Private data (gate code, balance, name, address, card digits, a tenant's unit) through the
   * kiosk's speaker: `word` stands in its place until the visitor asks for it aloud.
   */
  private: {
    word: 'private',
    hint: 'Private details are not said through the speaker. To hear them aloud, press dot, then 5.',
    hint_jack: 'Or plug headphones into the jack.',
    aloud_on: 'Private details will be said aloud through the speaker.',
    aloud_off: 'Private details will no longer be said through the speaker.',
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
