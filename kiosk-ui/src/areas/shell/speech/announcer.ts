import { i18next, loadAreaTexts } from '../../../i18n/setup';
import { describeChange, describeControl, groupName, visibleText, type Translate } from './describe';
import { markFigures, showsTenantAccount } from './private-stretches';

/**
 * Speech follows what the kiosk already announces to screen readers (docs/accessibility.md, "Speech"), so the two never
 * disagree: each screen's title and prompt on arrival (the main heading, the paragraphs under it
 * and the instruction before the first control, and whatever is marked `data-speak-on-arrival`),
 * a dialog when it opens (its title and text), every alert and live region when its text appears
 * (a field's error with the field's name), the focused control whenever focus moves (described
 * when said, so a radio an arrow key checked is said checked), and a control that changes under
 * the focus (a box ticked, a select's new value, a pressed or expanded button).
 *
 * On a signed-in tenant's screens (the pay-bill and my-storage areas) every figure the page says
 * is private (shared-types `markFigures`): balances, amounts, unit numbers, dates, card digits.
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
  /** News the page does not show; a note of a kind (the volume) replaces the earlier one of that kind. */
  notes?: Array<{ text: string; kind?: string }>;
  screen?: string;
  dialogs: Set<string>;
  /** Alert texts by the region that showed them: one gone again by the flush (an error the next key cleared) is not said. */
  alerts: Map<string, Element>;
  polite: Set<string>;
  focus?: Element;
  /** The focused control as it was when it took the focus: said if it is gone by the flush. */
  focusText?: string;
  changed?: Element;
}

function hidden(element: Element): boolean {
  return element.closest('[aria-hidden="true"], [hidden]') !== null;
}

const CONTROL = 'a[href], button, input, select, textarea, iframe, [tabindex]:not([tabindex="-1"])';

/**
 * The screen's title and main prompt: the main heading outside any dialog, the paragraphs that
 * follow it (a step's counter and subtitle), the first paragraph of its section that comes before
 * any control (the step's instruction), and every `[data-speak-on-arrival]` element (a result, a
 * confirmation with its gate code).
 */
export function currentScreen(doc: Document): string {
  const heading = [...doc.querySelectorAll('main h1, h1')].find(
    (found) => !hidden(found) && found.closest(DIALOG) === null,
  );
  if (heading === undefined) return '';
  const parts = [visibleText(heading)];
  for (let next = heading.nextElementSibling; next?.tagName === 'P'; next = next.nextElementSibling) {
    if (!hidden(next)) parts.push(visibleText(next));
  }
  const section = heading.closest('section, main') ?? heading.parentElement;
  if (section !== null) {
    const after = (node: Node) => heading.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING;
    const firstControl = [...section.querySelectorAll(CONTROL)].find((control) => after(control) && !hidden(control));
    const instruction = [...section.querySelectorAll('p')].find(
      (p) =>
        after(p) &&
        !hidden(p) &&
        p.parentElement !== heading.parentElement &&
        p.closest('aside, [data-speak-on-arrival], [role="alert"]') === null &&
        (firstControl === undefined || p.compareDocumentPosition(firstControl) & Node.DOCUMENT_POSITION_FOLLOWING),
    );
    if (instruction) parts.push(visibleText(instruction));
  }
  for (const marked of doc.querySelectorAll('[data-speak-on-arrival]')) {
    if (!hidden(marked) && marked.closest(DIALOG) === null) parts.push(visibleText(marked));
  }
  return [...new Set(parts.filter(Boolean))].map(sentence).join(' ');
}

/** The field an error belongs to: the control that points at it, or the one in the same field box. */
function fieldOfError(alert: Element): Element | null {
  const id = alert.id;
  if (id !== '') {
    const pointing = [...alert.ownerDocument.querySelectorAll('[aria-describedby], [aria-errormessage]')].find(
      (element) =>
        (element.getAttribute('aria-describedby') ?? '').split(/\s+/).includes(id) ||
        element.getAttribute('aria-errormessage') === id,
    );
    if (pointing !== undefined) return pointing;
  }
  return alert.parentElement?.querySelector('input, select, textarea') ?? null;
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

/** What the kiosk adds to the page's own words: the amount due on arriving at a payment screen. */
export interface AnnouncerExtras {
  /** Said after a screen's own text when it arrives. */
  onArrival?: () => string | undefined;
  /** Hands over a way to say news the page does not show (a signature done), first in the next utterance. */
  subscribe?: (note: (text: string, kind?: string) => void) => () => void;
}

export function startAnnouncer(say: (text: string) => void, lead?: string, extras: AnnouncerExtras = {}): () => void {
  const doc = document;
  let batch: Batch = { dialogs: new Set(), alerts: new Map(), polite: new Set() };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastScreen = '';
  let lastFocus: Element | null = null;
  let leadText = lead;
  let ready = false;

  const flush = (): void => {
    timer = undefined;
    const { notes = [], screen, dialogs, alerts, polite, focus, changed, focusText: focusedAs } = batch;
    batch = { dialogs: new Set(), alerts: new Map(), polite: new Set() };
    // The focused control as it is now: a radio an arrow key moved to has been checked since.
    const focusText = focus?.isConnected ? describeControl(focus, translate, lastFocus) : focusedAs;
    if (focus?.isConnected) lastFocus = focus;
    const changeText = changed?.isConnected && changed !== focus ? describeChange(changed, translate) : undefined;
    const section = doc.querySelector('main[data-section]')?.getAttribute('data-section') ?? '';
    const fromPage = showsTenantAccount(section)
      ? (text: string | undefined) => text && markFigures(text)
      : (text: string | undefined) => text;
    // A dialog says what its polite region would: the region's echo is left out.
    const parts = [
      leadText,
      ...notes.map((note) => note.text),
      ...[
        screen,
        ...dialogs,
        ...[...alerts].filter(([, region]) => region.isConnected && !hidden(region)).map(([text]) => text),
        ...(dialogs.size > 0 ? [] : polite),
        changeText,
        focusText,
      ].map(fromPage),
    ];
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
      const extra = screen !== '' ? extras.onArrival?.() : undefined;
      if (screen !== '') batch.screen = extra ? `${screen} ${sentence(extra)}` : screen;
    }
  };

  const noteRegion = (region: Element, changed: Node): void => {
    if (hidden(region) || region.getAttribute('role') === 'timer') return;
    let text = visibleText(ATOMIC(region) ? region : changed);
    if (text === '') return;
    const assertive = region.getAttribute('role') === 'alert' || region.getAttribute('aria-live') === 'assertive';
    const field = region.getAttribute('role') === 'alert' ? fieldOfError(region) : null;
    const name = field !== null ? groupName(field) : '';
    if (name !== '' && !text.startsWith(name)) text = translate('speech.field_error', { field: name, error: text });
    if (assertive) batch.alerts.set(text, region);
    else batch.polite.add(text);
  };

  const observer = new MutationObserver((records) => {
    for (const record of records) {
      const target = record.target instanceof Element ? record.target : record.target.parentElement;
      if (target === null) continue;
      if (record.type === 'attributes') {
        // A pressed, expanded or checked state changed under the focus: say the new state.
        if (target === doc.activeElement && target !== batch.focus) batch.changed = target;
        continue;
      }
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
      if (region !== null && region.closest(DIALOG) === null) {
        const changed = record.type === 'characterData' ? record.target : target;
        if (record.type === 'characterData' || record.addedNodes.length > 0) noteRegion(region, changed);
      }
    }
    noteScreen();
    if (batch.screen || batch.dialogs.size || batch.alerts.size || batch.polite.size || batch.changed) schedule();
  });

  const onFocus = (event: FocusEvent): void => {
    if (!(event.target instanceof Element) || event.target === doc.body) return;
    batch.focus = event.target;
    batch.focusText = describeControl(event.target, translate, lastFocus);
    schedule();
  };

  /**
   * The focus went into a frame (the signing page): the page sees no focusin, only its window
   * losing the focus (and not even that when the frame before it, focused, was replaced), with
   * the frame as its active element; so the active element is also looked at while a frame shows.
   */
  let framed: Element | null = null;
  const checkFrame = (): void => {
    const active = doc.activeElement;
    if (!(active instanceof HTMLIFrameElement)) {
      framed = null;
      return;
    }
    if (active === framed) return;
    framed = active;
    onFocus({ target: active } as unknown as FocusEvent);
  };
  const onWindowBlur = (): void => void setTimeout(checkFrame, 0);
  const frameWatch = setInterval(() => {
    if (doc.querySelector('iframe') !== null) checkFrame();
  }, 300);

  /** A box ticked, a radio picked, a select's value changed: said as it happens. */
  const onChange = (event: Event): void => {
    const target = event.target;
    if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement)) return;
    if (target instanceof HTMLInputElement && !['checkbox', 'radio'].includes(target.type)) return;
    if (target === batch.focus) return;
    batch.changed = target;
    schedule();
  };

  const unsubscribe = extras.subscribe?.((text, kind) => {
    batch.notes = [...(batch.notes ?? []).filter((note) => kind === undefined || note.kind !== kind), { text, kind }];
    schedule();
  });

  let stopped = false;
  // The words for roles and states come with the area texts.
  void loadAreaTexts()
    .catch(() => undefined)
    .then(() => {
      if (stopped) return;
      ready = true;
      observer.observe(doc.body, {
        subtree: true,
        childList: true,
        characterData: true,
        attributeFilter: ['aria-pressed', 'aria-expanded', 'aria-checked'],
      });
      doc.addEventListener('focusin', onFocus);
      doc.addEventListener('change', onChange, true);
      doc.defaultView?.addEventListener('blur', onWindowBlur);
      noteScreen();
      const active = doc.activeElement;
      if (active instanceof Element && active !== doc.body) onFocus({ target: active } as unknown as FocusEvent);
      schedule();
    });

  return () => {
    stopped = true;
    unsubscribe?.();
    observer.disconnect();
    doc.removeEventListener('focusin', onFocus);
    doc.removeEventListener('change', onChange, true);
    doc.defaultView?.removeEventListener('blur', onWindowBlur);
    clearInterval(frameWatch);
    clearTimeout(timer);
  };
}
