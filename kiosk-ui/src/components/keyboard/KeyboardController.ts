import { makeAutoObservable, observableRef } from 'mobx';
import { afterNextPaint } from '../../utils/after-paint';
import { isFunctionKey, KEY, type KeyboardLayoutName } from './layouts';
import { applyKey, autoCapitalises, isTextField, layoutOf, startsShifted, type TextField } from './typing';

/** A key held down types again after HOLD_DELAY_MS, then every HOLD_REPEAT_MS, like a phone's. */
export const HOLD_DELAY_MS = 500;
export const HOLD_REPEAT_MS = 100;

/** Characters, Backspace and Space repeat when held; Shift and Submit do not. */
function repeats(key: string): boolean {
  return !isFunctionKey(key) || key === KEY.backspace || key === KEY.space;
}

/**
 * The on-screen keyboard's state: which field it types into (the focused one), the layout that
 * field asked for, shift, and whether the visitor hid it. Follows focus through document
 * focusin/focusout, so every input in every screen gets the keyboard without wiring.
 *
 * Pressing a key must not take the focus away from the field: the panel cancels mousedown, and
 * should the browser move focus anyway (a tap on a key), the field is kept and refocused before
 * typing. Only a focus that lands outside both the field and the keyboard releases the field.
 */
export class KeyboardController {
  target: TextField | null = null;
  layout: KeyboardLayoutName = 'normal';
  shifted = false;
  hidden = false;
  /** The keyboard panel; focus or a pointer inside it keeps the target. */
  panel: HTMLElement | null = null;
  private pointerInPanel = false;
  /** A finger or mouse is down somewhere: releasing now would move the layout under the tap. */
  private pointerDown = false;
  private releaseAfterTap = false;
  private blurTimer: ReturnType<typeof setTimeout> | undefined;
  /** The held key's next repeat. */
  private holdTimer: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    makeAutoObservable<this, 'pointerInPanel' | 'blurTimer' | 'holdTimer' | 'pointerDown' | 'releaseAfterTap'>(
      this,
      {
        target: observableRef,
        panel: false,
        pointerInPanel: false,
        blurTimer: false,
        holdTimer: false,
        pointerDown: false,
        releaseAfterTap: false,
      },
      { autoBind: true },
    );
  }

  /** Shown: a field has focus and the visitor has not hidden the keyboard. */
  get visible(): boolean {
    return this.target !== null && !this.hidden;
  }

  /** Listen to focus on the document; returns the disposer. */
  install(doc: Document): () => void {
    const onFocusIn = (event: FocusEvent) => this.handleFocusIn(event.target);
    const onFocusOut = () => this.scheduleBlurCheck(doc);
    const onPointerDown = () => {
      this.pointerDown = true;
    };
    const onPointerEnd = () => {
      this.stopHolding();
      // After the click that follows pointerup, so a key tap is still "inside" when focus moves,
      // and a tap on a button (Done) lands before the keyboard goes and the layout moves.
      setTimeout(() => {
        this.setPointerInPanel(false);
        this.pointerDown = false;
        if (this.releaseAfterTap) {
          this.releaseAfterTap = false;
          this.scheduleBlurCheck(doc);
        }
      }, 0);
    };
    doc.addEventListener('focusin', onFocusIn);
    doc.addEventListener('focusout', onFocusOut);
    doc.addEventListener('pointerdown', onPointerDown, true);
    doc.addEventListener('pointerup', onPointerEnd, true);
    doc.addEventListener('pointercancel', onPointerEnd, true);
    // A field that already has focus when the keyboard mounts (autofocus) gets it at once.
    this.handleFocusIn(doc.activeElement);
    return () => {
      doc.removeEventListener('focusin', onFocusIn);
      doc.removeEventListener('focusout', onFocusOut);
      doc.removeEventListener('pointerdown', onPointerDown, true);
      doc.removeEventListener('pointerup', onPointerEnd, true);
      doc.removeEventListener('pointercancel', onPointerEnd, true);
      clearTimeout(this.blurTimer);
      this.stopHolding();
      this.release();
    };
  }

  /**
   * A field took focus. With the keyboard up, it types there at once (a key tapped next must reach
   * the new field). With the keyboard down, the tap's frame (the caret in the field) is painted
   * first and the keyboard built after it (utils/after-paint): building its keys inside the tap
   * held the answer to a finger back by 100–200 ms on a slow kiosk PC.
   */
  handleFocusIn(element: EventTarget | null): void {
    if (element instanceof Node && this.panel?.contains(element)) return;
    if (!isTextField(element)) return;
    if (this.visible) {
      this.attach(element);
      return;
    }
    void afterNextPaint().then(() => {
      if (element.isConnected && element.ownerDocument.activeElement === element) this.attach(element);
    });
  }

  /** A new field: its layout, shift for its first letter (auto-capitalisation), keyboard shown. */
  attach(field: TextField): void {
    if (field === this.target) return;
    this.target = field;
    this.layout = layoutOf(field);
    this.shifted = startsShifted(field);
    this.hidden = false;
  }

  release(): void {
    this.target = null;
    this.shifted = false;
  }

  setPanel(panel: HTMLElement | null): void {
    this.panel = panel;
  }

  setPointerInPanel(inside: boolean): void {
    this.pointerInPanel = inside;
  }

  /** Focus left the field: keep it when focus went to the keyboard (or nowhere, during a key tap). */
  private scheduleBlurCheck(doc: Document): void {
    clearTimeout(this.blurTimer);
    this.blurTimer = setTimeout(() => {
      const active = doc.activeElement;
      if (isTextField(active)) {
        this.attach(active);
        return;
      }
      const inPanel = active instanceof Node && this.panel?.contains(active);
      const toNowhere = active === null || active === doc.body;
      if (inPanel || (toNowhere && this.pointerInPanel)) return;
      if (this.pointerDown && this.target?.isConnected) {
        this.releaseAfterTap = true;
        return;
      }
      if (this.target && !this.target.isConnected) this.release();
      else if (active !== this.target) this.release();
    }, 0);
  }

  /** A key of the on-screen keyboard, pressed (OnScreenKeyboard, on pointerdown). */
  press(button: string): void {
    const field = this.target;
    if (!field) return;
    if (!field.isConnected) {
      this.release();
      return;
    }
    if (field.ownerDocument.activeElement !== field) field.focus({ preventScroll: true });
    if (button === KEY.shift) {
      this.shifted = !this.shifted;
      return;
    }
    applyKey(field, button);
    // One-shot shift, like a phone keyboard: back to lower case after a letter, and capitals
    // again whenever a field that auto-capitalises is emptied.
    if (this.shifted && button !== KEY.backspace) this.shifted = false;
    if (field.value === '' && autoCapitalises(field)) this.shifted = true;
  }

  /** A key pressed down (on pointerdown): it types now and, while held, again (until pointerup). */
  hold(button: string): void {
    this.stopHolding();
    this.press(button);
    if (!repeats(button)) return;
    const again = (delayMs: number) => {
      this.holdTimer = setTimeout(() => {
        this.press(button);
        again(HOLD_REPEAT_MS);
      }, delayMs);
    };
    again(HOLD_DELAY_MS);
  }

  private stopHolding(): void {
    clearTimeout(this.holdTimer);
    this.holdTimer = undefined;
  }

  toggleHidden(): void {
    this.hidden = !this.hidden;
    // The toggle must not leave the visitor without a focused field.
    if (this.target && this.target.ownerDocument.activeElement !== this.target) {
      this.target.focus({ preventScroll: true });
    }
  }
}
