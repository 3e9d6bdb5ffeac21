import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import Keyboard from 'react-simple-keyboard';
import 'react-simple-keyboard/build/css/index.css';
import type { KeyboardController } from './KeyboardController';
import { KEY, keysOf, LAYOUTS, type KeyboardLayoutName } from './layouts';

export interface OnScreenKeyboardProps {
  controller: KeyboardController;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The keys (react-simple-keyboard), loaded in its own chunk the first time a field gets focus.
 * Keys are real buttons, named for screen readers, out of the Tab order (focus stays in the
 * field); the physical keyboard keeps working alongside.
 */
const OnScreenKeyboard = observer(function OnScreenKeyboard({ controller }: OnScreenKeyboardProps) {
  const { t } = useTranslation();
  const layoutName: KeyboardLayoutName = controller.layout;
  const spec = LAYOUTS[layoutName];
  const shifted = controller.shifted && spec.rows.shift !== undefined;

  // react-simple-keyboard rebuilds its keys whenever an option changes identity: memoise them.
  const options = useMemo(() => {
    const labels = {
      [KEY.backspace]: t('shell.keyboard.backspace'),
      [KEY.shift]: t('shell.keyboard.shift'),
      [KEY.space]: t('shell.keyboard.space'),
      [KEY.enter]: t('shell.keyboard.submit'),
    };
    const allKeys = keysOf(spec).join(' ');
    return {
      layout: { default: [...spec.rows.default], shift: [...(spec.rows.shift ?? spec.rows.default)] },
      // The library writes these as HTML.
      display: {
        [KEY.backspace]: '⌫',
        [KEY.shift]: '⇧',
        [KEY.space]: escapeHtml(labels[KEY.space]),
        [KEY.enter]: escapeHtml(labels[KEY.enter]),
      },
      buttonAttributes: [
        { attribute: 'type', value: 'button', buttons: allKeys },
        { attribute: 'tabindex', value: '-1', buttons: allKeys },
        ...Object.entries(labels).map(([button, label]) => ({
          attribute: 'aria-label',
          value: label,
          buttons: button,
        })),
      ],
      buttonTheme: [
        { class: 'kiosk-keyboard__key--function', buttons: `${KEY.backspace} ${KEY.shift} ${KEY.enter}` },
        { class: 'kiosk-keyboard__key--space', buttons: KEY.space },
        { class: 'kiosk-keyboard__key--enter', buttons: KEY.enter },
      ],
    };
  }, [spec, t]);

  const shiftAttribute = useMemo(
    () => [...options.buttonAttributes, { attribute: 'aria-pressed', value: String(shifted), buttons: KEY.shift }],
    [options, shifted],
  );
  const shiftTheme = useMemo(
    () =>
      shifted
        ? [...options.buttonTheme, { class: 'kiosk-keyboard__key--active', buttons: KEY.shift }]
        : options.buttonTheme,
    [options, shifted],
  );

  // data-pointer-only: the keys are left out of the Tab order on purpose (the accessibility check
  // in tests/e2e/support/a11y.ts still measures them as touch targets).
  return (
    <div
      className={`kiosk-keyboard__keys-frame kiosk-keyboard__keys-frame--${spec.size}`}
      data-layout={layoutName}
      data-pointer-only
    >
      <Keyboard
        baseClass="kiosk-keyboard__keys"
        layout={options.layout}
        layoutName={shifted ? 'shift' : 'default'}
        display={options.display}
        buttonAttributes={shiftAttribute}
        buttonTheme={shiftTheme}
        onKeyPress={controller.press}
        useButtonTag
        preventMouseDownDefault
        disableCaretPositioning
        mergeDisplay={false}
      />
    </div>
  );
});

export default OnScreenKeyboard;
