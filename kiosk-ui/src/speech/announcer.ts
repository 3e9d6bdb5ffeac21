import { i18next, loadAreaTexts } from '../i18n/setup';
import { describeControl, visibleText, type Translate } from './describe';

/**
 * Speech follows what the kiosk already announces to screen readers (DESIGN §7), so the two never
 * disagree: each screen's title and prompt on arrival (the main heading and the paragraph after
 * it), a dialog when it opens (its title and text), every alert and live region when its text
 * appears, and the focused control whenever focus moves.
 *
 * What happens together is said together, in that order, as one utterance: a screen that opens
 * with its first field focused, or a submit that shows an error and focuses the field, would
 * otherwise cut its own first words off (each utterance interrupts the one before).
 */
const BATCH_MS = 120;

const LIVE = '[aria-live]:not([aria-live="off"]), [role="alert"], [role="status"], [role="log"], [role="alertdialog"]';
const DIALOG = '[role="dialog"], [role="alertdialog"]';
const ALERT = '[role="alert"]';
const ATOMIC = (region: Element) =>
  region.getAttribute('aria-atomic') === 'true' || ['alert', 'status'].includes(region.getAttribute('role') ?? '');

interface Batch {
  screen?: string;
  dialogs: Set<string>;
  alerts: Set<string>;
  polite: Set<string>;
  focus?: string;
}

function hidden(element: Element): boolean {
  return element.closest('[aria-hidden="true"], [hidden]') !== null;
}

/** The screen's title and main prompt: the main heading outside any dialog, and the paragraph after it. */
export function currentScreen(doc: Document): string {
  const heading = [...doc.querySelectorAll('main h1, h1')].find(
    (found) => !hidden(found) && found.closest(DIALOG) === null,
  );
  if (heading === undefined) return '';
  const prompt = heading.nextElementSibling;
  const parts = [visibleText(heading), prompt?.tagName === 'P' && !hidden(prompt) ? visibleText(prompt) : ''];
  return parts.filter(Boolean).join('. ');
}

/** A dialog's title and text, a sentence per heading or paragraph; its buttons are said as they take the focus. */
function dialogText(dialog: Element): string {
  const content = dialog.cloneNode(true) as Element;
  content.querySelectorAll('button, [role="button"]').forEach((button) => button.remove());
  const blocks = [...content.querySelectorAll('h1, h2, h3, p, li')].map(visibleText).filter(Boolean);
  return blocks.length > 0 ? blocks.map(sentence).join(' ') : visibleText(content);
}

const sentence = (part: string): string => (/[.!?:…]$/.test(part) ? part : `${part}.`);

/** The catalogue's words by a key built at run time (speech.role.<role>). */
const translate: Translate = (key, options) => (i18next.t as unknown as Translate)(key, options);

export function startAnnouncer(say: (text: string) => void, lead?: string): () => void {
  const doc = document;
  let batch: Batch = { dialogs: new Set(), alerts: new Set(), polite: new Set() };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastScreen = '';
  let leadText = lead;
  let ready = false;

  const flush = (): void => {
    timer = undefined;
    const { screen, dialogs, alerts, polite, focus } = batch;
    batch = { dialogs: new Set(), alerts: new Set(), polite: new Set() };
    // A dialog says what its polite region would: the region's echo is left out.
    const parts = [leadText, screen, ...dialogs, ...alerts, ...(dialogs.size > 0 ? [] : polite), focus];
    leadText = undefined;
    const text = [...new Set(parts.filter((part): part is string => Boolean(part)))].map(sentence).join(' ');
    if (text !== '') say(text);
  };
  const schedule = (): void => {
    if (ready) timer ??= setTimeout(flush, BATCH_MS);
  };

  const noteScreen = (): void => {
    const screen = currentScreen(doc);
    if (screen !== lastScreen) {
      lastScreen = screen;
      if (screen !== '') batch.screen = screen;
    }
  };

  const noteRegion = (region: Element, changed: Node): void => {
    if (hidden(region) || region.getAttribute('role') === 'timer') return;
    const text = visibleText(ATOMIC(region) ? region : changed);
    if (text === '') return;
    const assertive = region.getAttribute('role') === 'alert' || region.getAttribute('aria-live') === 'assertive';
    (assertive ? batch.alerts : batch.polite).add(text);
  };

  const observer = new MutationObserver((records) => {
    for (const record of records) {
      const target = record.target instanceof Element ? record.target : record.target.parentElement;
      if (target === null) continue;
      for (const added of record.addedNodes) {
        if (!(added instanceof Element)) continue;
        const dialogs = [...(added.matches(DIALOG) ? [added] : []), ...added.querySelectorAll(DIALOG)];
        for (const dialog of dialogs) if (!hidden(dialog)) batch.dialogs.add(dialogText(dialog));
        // A live region is heard when its text changes; one that arrives with its text is not,
        // except an alert (as screen readers do): a side panel or spinner is not news.
        for (const alert of [...(added.matches(ALERT) ? [added] : []), ...added.querySelectorAll(ALERT)]) {
          if (alert.closest(DIALOG) === null) noteRegion(alert, alert);
        }
      }
      const region = target.closest(LIVE);
      if (region !== null && region.closest(DIALOG) === null && record.type !== 'attributes') {
        const changed = record.type === 'characterData' ? record.target : target;
        if (record.type === 'characterData' || record.addedNodes.length > 0) noteRegion(region, changed);
      }
    }
    noteScreen();
    if (batch.screen || batch.dialogs.size || batch.alerts.size || batch.polite.size) schedule();
  });

  const onFocus = (event: FocusEvent): void => {
    if (!(event.target instanceof Element) || event.target === doc.body) return;
    batch.focus = describeControl(event.target, translate);
    schedule();
  };

  let stopped = false;
  // The words for roles and states come with the area texts.
  void loadAreaTexts()
    .catch(() => undefined)
    .then(() => {
      if (stopped) return;
      ready = true;
      observer.observe(doc.body, { subtree: true, childList: true, characterData: true });
      doc.addEventListener('focusin', onFocus);
      noteScreen();
      const active = doc.activeElement;
      if (active instanceof Element && active !== doc.body) onFocus({ target: active } as unknown as FocusEvent);
      schedule();
    });

  return () => {
    stopped = true;
    observer.disconnect();
    doc.removeEventListener('focusin', onFocus);
    clearTimeout(timer);
  };
}
