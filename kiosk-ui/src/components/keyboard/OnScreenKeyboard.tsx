import { observer } from 'mobx-react-lite';
import type { PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeyboardController } from './KeyboardController';
import { KEY, LAYOUTS, type KeyboardLayoutName } from './layouts';

export interface OnScreenKeyboardProps {
  controller: KeyboardController;
}

const FUNCTION_CLASS: Record<string, string> = {
  [KEY.backspace]: 'kiosk-keyboard__key kiosk-keyboard__key--function',
  [KEY.shift]: 'kiosk-keyboard__key kiosk-keyboard__key--function',
  [KEY.space]: 'kiosk-keyboard__key kiosk-keyboard__key--space',
  [KEY.enter]: 'kiosk-keyboard__key kiosk-keyboard__key--function kiosk-keyboard__key--enter',
};

/**
 * The keys, loaded in their own chunk the first time a field gets focus. Keys are real buttons,
 * named for screen readers, out of the Tab order (focus stays in the field); the physical
 * keyboard keeps working alongside. A key keeps its button from one layout or shift to the next
 * (React keys are row and column), so a change of field or of shift rewrites the labels that
 * differ and builds nothing: rebuilding every key cost 20–40 ms of main-thread work in every such
 * tap at 4× CPU slowdown (docs/performance.md, "The keys keep their buttons").
 */
const OnScreenKeyboard = observer(function OnScreenKeyboard({ controller }: OnScreenKeyboardProps) {
  const { t } = useTranslation();
  const layoutName: KeyboardLayoutName = controller.layout;
  const spec = LAYOUTS[layoutName];
  const shifted = controller.shifted && spec.rows.shift !== undefined;
  const rows = shifted ? spec.rows.shift! : spec.rows.default;
  // A key types on pointerdown and repeats while held (KeyboardController.hold).
  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    const key = event.currentTarget.dataset.key;
    if (key !== undefined && event.button <= 0) controller.hold(key);
  };

  const space = t('shell.keyboard.space');
  const submit = t('shell.keyboard.submit');
  const labels: Record<string, string> = {
    [KEY.backspace]: t('shell.keyboard.backspace'),
    [KEY.shift]: t('shell.keyboard.shift'),
    [KEY.space]: space,
    [KEY.enter]: submit,
  };
  const faces: Record<string, string> = {
    [KEY.backspace]: '⌫',
    [KEY.shift]: '⇧',
    [KEY.space]: space,
    [KEY.enter]: submit,
  };

  // data-pointer-only: the keys are left out of the Tab order on purpose (the accessibility check
  // in tests/e2e/support/a11y.ts still measures them as touch targets).
  return (
    <div
      className={`kiosk-keyboard__keys-frame kiosk-keyboard__keys-frame--${spec.size}`}
      data-layout={layoutName}
      data-pointer-only
    >
      <div className="kiosk-keyboard__keys">
        {rows.map((row, rowIndex) => (
          <div className="kiosk-keyboard__row" key={rowIndex}>
            {row.split(' ').map((key, column) => {
              const isFunction = key in FUNCTION_CLASS;
              const isShift = key === KEY.shift;
              return (
                <button
                  key={column}
                  type="button"
                  tabIndex={-1}
                  className={
                    isShift && shifted
                      ? `${FUNCTION_CLASS[key]} kiosk-keyboard__key--active`
                      : (FUNCTION_CLASS[key] ?? 'kiosk-keyboard__key')
                  }
                  data-key={key}
                  aria-label={isFunction ? labels[key] : undefined}
                  aria-pressed={isShift ? shifted : undefined}
                  onPointerDown={onPointerDown}
                >
                  {isFunction ? faces[key] : key}
                </button>
              );
            })}
          </div>
        ))}
      </div>
    </div>
  );
});

export default OnScreenKeyboard;
