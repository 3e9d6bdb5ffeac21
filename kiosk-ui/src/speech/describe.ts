import { isSecretKey } from '@kiosk/shared-types';

/**
 * What speech says of a control when it takes the focus: its name, role, value and state, as a
 * screen reader would, in the visitor's language (`t`). A secret field (CVV, password: a password
 * input or a secret's name) says its length only; card numbers are cut to their last four digits
 * later, on everything spoken (speakableText).
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Text of a node as it is shown to assistive technology: hidden parts left out, spaces collapsed. */
export function visibleText(node: Node): string {
  const parts: string[] = [];
  const walk = (current: Node): void => {
    if (current.nodeType === Node.TEXT_NODE) {
      parts.push(current.textContent ?? '');
      return;
    }
    if (!(current instanceof Element)) return;
    if (current.getAttribute('aria-hidden') === 'true' || current.hasAttribute('hidden')) return;
    if (current.tagName === 'SCRIPT' || current.tagName === 'STYLE') return;
    if (current.tagName === 'SELECT' || current.tagName === 'INPUT' || current.tagName === 'TEXTAREA') {
      parts.push(' ');
      return;
    }
    current.childNodes.forEach(walk);
    parts.push(' ');
  };
  walk(node);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

function byIds(element: Element, attribute: string): string {
  const ids = element.getAttribute(attribute)?.split(/\s+/).filter(Boolean) ?? [];
  return ids
    .map((id) => element.ownerDocument.getElementById(id))
    .filter((found): found is HTMLElement => found !== null)
    .map(visibleText)
    .join(' ')
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

/** A field whose value is never said: a password input, or a field named like a secret (cvv, password). */
export function isSecretField(element: Element): boolean {
  if (!(element instanceof HTMLInputElement)) return false;
  const autocomplete = element.autocomplete;
  return (
    element.type === 'password' ||
    ['cc-csc', 'current-password', 'new-password', 'one-time-code'].includes(autocomplete) ||
    isSecretKey(element.name) ||
    isSecretKey(element.id)
  );
}

function valueOf(element: Element, t: Translate): string | undefined {
  if (element instanceof HTMLSelectElement) {
    const option = element.selectedOptions[0];
    return option && option.value !== '' ? visibleText(option) : t('speech.state.blank');
  }
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
    if (roleOf(element) !== 'textbox') return undefined;
    const value = element.value;
    if (value === '') return t('speech.state.blank');
    if (isSecretField(element)) return t('speech.state.characters', { count: value.length });
    return value;
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
  if (aria('invalid') === 'true') {
    states.push(t('speech.state.invalid'));
    const description = byIds(element, 'aria-describedby') || byIds(element, 'aria-errormessage');
    if (description) states.push(description);
  }
  return states;
}

/** "Zip, edit text, blank, required" — what is said when this control takes the focus. */
export function describeControl(element: Element, t: Translate): string {
  const role = roleOf(element);
  const roleWord = role !== undefined && t(`speech.role.${role}`, { defaultValue: '' });
  const parts = [accessibleName(element), roleWord || '', valueOf(element, t) ?? '', ...statesOf(element, role, t)];
  return parts.filter((part) => part !== '').join(', ');
}
