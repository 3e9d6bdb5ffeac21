import { digitByDigit, fieldSecrecy, isPrivateToSpeak, type FieldSecrecy } from '@kiosk/shared-types';
import { markPrivate } from './private-stretches';

/**
 * What speech says of a control when it takes the focus: its name, role, value and state, as a
 * screen reader would, in the visitor's language (`t`). Which values are never said is the log
 * masking's own rule (`fieldSecrecy`): a secret field (CVV, password, SSN, expiry) says its length
 * or that it is chosen, a card-number field its digit count and, once four exist, its last four.
 * What is private (`isPrivateToSpeak`: names, addresses, phones, codes, card digits; and what the
 * page marks `data-private` or `data-speak-digits`) is marked so (shared-types `markPrivate`), to
 * be said through headphones or on the visitor's key only (docs/accessibility.md, "Private listening").
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

const SPOKEN_LANGUAGES = new Set(['en', 'es']);

/** The language an element's own `lang` gives it when it differs from the page's (an operator's English text). */
function foreignLanguage(element: Element): string | undefined {
  const lang = element.getAttribute('lang')?.slice(0, 2).toLowerCase();
  const page = element.ownerDocument.documentElement.lang.slice(0, 2).toLowerCase();
  return lang && SPOKEN_LANGUAGES.has(lang) && lang !== page ? lang : undefined;
}

/**
 * Text of a node as it is shown to assistive technology: hidden parts left out, spaces collapsed.
 * A part in another language than the page's (`lang="en"` on a Spanish page) is marked
 * \uE000lang\uE001…\uE002, so speech says it in that language's voice (SpeechStore speechParts).
 */
export function visibleText(node: Node): string {
  const parts: string[] = [];
  const walk = (current: Node): void => {
    if (current instanceof Element && current !== node && foreignLanguage(current) !== undefined) {
      const inner = visibleText(current);
      if (inner !== '')
        parts.push(` \uE000${foreignLanguage(current)}\uE001${inner.replace(/[\uE000-\uE002]/g, '')}\uE002 `);
      return;
    }
    if (current.nodeType === Node.TEXT_NODE) {
      parts.push(current.textContent ?? '');
      return;
    }
    if (!(current instanceof Element)) return;
    if (current.getAttribute('aria-hidden') === 'true' || current.hasAttribute('hidden')) return;
    if (current.tagName === 'SCRIPT' || current.tagName === 'STYLE') return;
    if (current.hasAttribute('data-speak-digits')) {
      // A code is read digit by digit ("4 8 2 7"), not as a number; a code is private.
      parts.push(` ${markPrivate((current.textContent ?? '').replace(/\s+/g, '').split('').join(' '))} `);
      return;
    }
    if (current !== node && current.hasAttribute('data-private')) {
      const inner = visibleText(current);
      if (inner !== '') parts.push(` ${markPrivate(inner)} `);
      return;
    }
    if (current.tagName === 'SELECT' || current.tagName === 'INPUT' || current.tagName === 'TEXTAREA') {
      parts.push(' ');
      return;
    }
    current.childNodes.forEach(walk);
    parts.push(' ');
  };
  walk(node);
  const text = parts.join('').replace(/\s+/g, ' ').trim();
  return node instanceof Element && node.hasAttribute('data-private') ? markPrivate(text) : text;
}

function byIds(element: Element, attribute: string, separator = ' '): string {
  const ids = element.getAttribute(attribute)?.split(/\s+/).filter(Boolean) ?? [];
  return ids
    .map((id) => element.ownerDocument.getElementById(id))
    .filter((found): found is HTMLElement => found !== null)
    .map(visibleText)
    .filter(Boolean)
    .join(separator)
    .trim();
}

export function accessibleName(element: Element): string {
  const labelledBy = byIds(element, 'aria-labelledby');
  if (labelledBy) return labelledBy;
  const label = element.getAttribute('aria-label')?.trim();
  if (label) return label;
  const labels = (element as HTMLInputElement).labels;
  if (labels && labels.length > 0) return [...labels].map(visibleText).join(' ').trim();
  if (!isField(element)) {
    const text = visibleText(element);
    if (text) return text;
  }
  return (element.getAttribute('title') ?? element.getAttribute('placeholder') ?? '').trim();
}

function isField(element: Element): boolean {
  return ['INPUT', 'SELECT', 'TEXTAREA'].includes(element.tagName);
}

const INPUT_ROLES: Record<string, string> = { checkbox: 'checkbox', radio: 'radio', range: 'slider' };
const BUTTON_TYPES = new Set(['button', 'submit', 'reset']);

export function roleOf(element: Element): string | undefined {
  const explicit = element.getAttribute('role')?.split(/\s+/)[0];
  if (explicit) return explicit;
  switch (element.tagName) {
    case 'BUTTON':
    case 'SUMMARY':
      return 'button';
    case 'A':
      return element.hasAttribute('href') ? 'link' : undefined;
    case 'SELECT':
      return 'combobox';
    case 'TEXTAREA':
      return 'textbox';
    case 'INPUT': {
      const type = (element as HTMLInputElement).type;
      if (BUTTON_TYPES.has(type)) return 'button';
      return INPUT_ROLES[type] ?? 'textbox';
    }
    default:
      return undefined;
  }
}

/**
 * How much of a field's value may be said, by the masking rule: its name (or id), its type (an
 * input's own, or the operator's field type in `data-field-type`) and its autocomplete token.
 */
export function fieldSecrecyOf(element: Element): FieldSecrecy {
  if (!(
    element instanceof HTMLInputElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement
  ))
    return 'plain';
  const type = (element as HTMLElement).dataset.fieldType ?? (element instanceof HTMLInputElement ? element.type : '');
  const autocomplete = element.getAttribute('autocomplete') ?? '';
  const byName = fieldSecrecy({ name: element.name, type, autocomplete });
  return byName !== 'plain' ? byName : fieldSecrecy({ name: element.id });
}

/** A field whose value is said through headphones or on the visitor's key only (a name, an address, a card's digits). */
export function isPrivateField(element: Element): boolean {
  if (!(
    element instanceof HTMLInputElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement
  ))
    return false;
  const type = (element as HTMLElement).dataset.fieldType ?? (element instanceof HTMLInputElement ? element.type : '');
  const autocomplete = element.getAttribute('autocomplete') ?? '';
  return isPrivateToSpeak({ name: element.name, type, autocomplete }) || isPrivateToSpeak({ name: element.id });
}

/** A field whose value is never said (CVV, password, SSN, expiry). */
export function isSecretField(element: Element): boolean {
  return fieldSecrecyOf(element) === 'secret';
}

/** The value of a field as it may be said, or undefined for a control that has none. */
export function spokenValue(element: Element, t: Translate): string | undefined {
  const secrecy = fieldSecrecyOf(element);
  const shown = (value: string) => (isPrivateField(element) ? markPrivate(value) : value);
  if (element instanceof HTMLSelectElement) {
    const option = element.selectedOptions[0];
    if (!option || option.value === '') return t('speech.state.blank');
    return secrecy === 'secret' ? t('speech.state.chosen') : shown(visibleText(option));
  }
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
    if (roleOf(element) !== 'textbox') return undefined;
    const value = element.value;
    if (value === '') return t('speech.state.blank');
    if (secrecy === 'secret') return t('speech.state.characters', { count: value.length });
    if (secrecy === 'card-number') {
      const digits = value.replace(/[^0-9]/g, '');
      const count = t('speech.state.digits', { count: digits.length });
      return digits.length < 4
        ? count
        : `${count}, ${markPrivate(t('speech.state.ending_in', { digits: digitByDigit(digits.slice(-4)) }))}`;
    }
    return shown(value);
  }
  return undefined;
}

function statesOf(element: Element, role: string | undefined, t: Translate): string[] {
  const states: string[] = [];
  const aria = (name: string) => element.getAttribute(`aria-${name}`);
  if (role === 'checkbox' || role === 'radio' || role === 'switch') {
    const checked = element instanceof HTMLInputElement ? element.checked : aria('checked') === 'true';
    states.push(t(checked ? 'speech.state.checked' : 'speech.state.not_checked'));
  }
  if (aria('pressed') !== null)
    states.push(t(aria('pressed') === 'true' ? 'speech.state.pressed' : 'speech.state.not_pressed'));
  if (aria('expanded') !== null)
    states.push(t(aria('expanded') === 'true' ? 'speech.state.expanded' : 'speech.state.collapsed'));
  if (aria('selected') === 'true' || aria('current') === 'page') states.push(t('speech.state.selected'));
  if ((element as HTMLButtonElement).disabled || aria('disabled') === 'true') states.push(t('speech.state.disabled'));
  if ((element as HTMLInputElement).required || aria('required') === 'true') states.push(t('speech.state.required'));
  if (aria('invalid') === 'true') states.push(t('speech.state.invalid'));
  return states;
}

/** What the control points at as its description or error: the price beside a choice, a field's message. */
function descriptionOf(element: Element): string {
  // Each described part is its own phrase: "Medium, 4 left, best price $119".
  const parts = [byIds(element, 'aria-describedby', ', '), byIds(element, 'aria-errormessage', ', ')];
  return [...new Set(parts.filter(Boolean))].join(', ');
}

/** The group a radio button or check box belongs to: a fieldset's legend, or a radio group's label. */
export function groupOf(element: Element): Element | null {
  return element.parentElement?.closest('fieldset, [role="radiogroup"]') ?? null;
}

/** A field's or a group's name as said before its error: a fieldset by its legend, without the asterisk. */
export function groupName(group: Element): string {
  if (group.tagName === 'FIELDSET') {
    const legend = [...group.children].find((child) => child.tagName === 'LEGEND');
    if (legend) return visibleText(legend).replace(/\s*\*$/, '');
  }
  return accessibleName(group).replace(/\s*\*$/, '');
}

/**
 * "Zip, edit text, blank, required" — what is said when this control takes the focus. A radio
 * button entered from outside its group says the group's question first ("Renting for a
 * business?, Yes, radio button, checked"), as a screen reader does; a date field says its format.
 */
export function describeControl(element: Element, t: Translate, previous?: Element | null): string {
  const role = roleOf(element);
  const roleWord = role !== undefined && t(`speech.role.${role}`, { defaultValue: '' });
  const group = role === 'radio' ? groupOf(element) : null;
  const question = group !== null && (previous == null || groupOf(previous) !== group) ? groupName(group) : '';
  const date =
    (element as HTMLElement).dataset?.fieldType === 'date'
      ? t('speech.date_format', { format: (element as HTMLInputElement).placeholder || 'MM/DD/YYYY' })
      : '';
  const parts = [
    question,
    accessibleName(element),
    roleWord || '',
    spokenValue(element, t) ?? '',
    ...statesOf(element, role, t),
    descriptionOf(element),
    date,
  ];
  return parts.filter((part) => part !== '').join(', ');
}

/**
 * What is said when a control changes under the focus (a box ticked, an option picked, a
 * button pressed): its name and new value or state, without its role.
 */
export function describeChange(element: Element, t: Translate): string {
  const role = roleOf(element);
  const value = element instanceof HTMLSelectElement ? spokenValue(element, t) : undefined;
  const pressed = element.hasAttribute('aria-pressed');
  const parts = [
    accessibleName(element),
    value ?? '',
    ...statesOf(element, role, t).slice(0, value ? 0 : 1),
    // A choice pressed (an insurance plan) is said with what it chose.
    pressed ? descriptionOf(element) : '',
  ];
  return parts.filter((part) => part !== '').join(', ');
}
