import { SCREEN } from '@kiosk/shared-types';
import { observer } from 'mobx-react-lite';
import { Suspense, useCallback, useEffect, useState, type CSSProperties, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../shared/stores/StoresProvider';
import { lazyWithPreload } from '../../utils/lazyWithPreload';
import { fieldIsCovered, publishKeyboardInset } from './keyboard-inset';
import { KeyboardController } from './KeyboardController';
import './keyboard.css';

// The keys (OnScreenKeyboard) load the first time a field gets focus, like this
// host itself (KeyboardSlot, in the shell).
const keyboard = lazyWithPreload(() => import('./OnScreenKeyboard'));
const OnScreenKeyboard = keyboard.Component;
/** Fetches the keys' chunk ahead of the first focused field (KeyboardSlot's loadKeyboard). */
export const loadKeys = keyboard.load;

/** Pressing anything on the keyboard must leave the focus in the field being typed into. */
function keepFocus(event: SyntheticEvent): void {
  event.preventDefault();
}

/** Space between the field and the keyboard's top edge when the field has to be scrolled into view. */
const REVEAL_MARGIN_PX = 24;

/**
 * The on-screen keyboard for whatever field has focus (mounted once, in the shell). Shown when a
 * field gets focus, gone when focus leaves it; Hide keyboard / Show keyboard let the visitor put
 * it away and get it back. It sits at the bottom of the kiosk layout, beside the sidebar; on a
 * big screen (above 1920x1080) it is offset to the bottom edge of the centred 1080 px layout.
 */
export const KeyboardHost = observer(function KeyboardHost() {
  const { t } = useTranslation();
  const { shell } = useStores();
  const [controller] = useState(() => new KeyboardController());
  useEffect(() => controller.install(document), [controller]);

  const { target, visible, hidden } = controller;
  // The keyboard's box, followed while it shows: the layout keeps clear of it (keyboard-inset.ts).
  const [host, setHost] = useState<HTMLElement | null>(null);
  const [covered, setCovered] = useState(0);
  const hostRef = useCallback(
    (element: HTMLDivElement | null) => {
      controller.setPanel(element);
      setHost(element);
    },
    [controller],
  );
  useEffect(() => (host ? publishKeyboardInset(host, setCovered) : undefined), [host]);
  useEffect(() => {
    document.body.classList.toggle('kiosk-keyboard-open', visible);
    if (!visible || !target) return undefined;
    // Once the keys are laid out and the layout has made room: bring the field up if it is hidden.
    const frame = requestAnimationFrame(() => {
      const top = controller.panel?.getBoundingClientRect().top;
      if (top !== undefined && fieldIsCovered(target, top, REVEAL_MARGIN_PX)) {
        target.scrollIntoView?.({ block: 'center' });
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [controller, target, visible, covered]);
  useEffect(() => () => document.body.classList.remove('kiosk-keyboard-open'), []);

  // A screen change can remove the focused field without a focusout: let go of it.
  const screenKey = `${shell.section}/${shell.rentalSection}`;
  useEffect(() => {
    if (controller.target && !controller.target.isConnected) controller.release();
  }, [controller, screenKey]);

  if (!target) return null;
  const style: CSSProperties = {
    left: shell.sidebarHidden ? 0 : 'var(--ui-sidebar-width)',
    bottom: shell.isBigScreen ? Math.max(0, (shell.viewport.height - SCREEN.bigScreenHeight) / 2) : 0,
  };
  return (
    <div
      ref={hostRef}
      className={hidden ? 'kiosk-keyboard-host kiosk-keyboard-host--hidden' : 'kiosk-keyboard-host'}
      style={style}
      onPointerDownCapture={() => controller.setPointerInPanel(true)}
      onPointerDown={keepFocus}
      onMouseDown={keepFocus}
    >
      {hidden ? (
        <button type="button" className="kiosk-keyboard__toggle" onClick={controller.toggleHidden}>
          {t('shell.keyboard.show')}
        </button>
      ) : (
        <div className="kiosk-keyboard" role="group" aria-label={t('shell.keyboard.label')}>
          <div className="kiosk-keyboard__bar">
            <button type="button" className="kiosk-keyboard__toggle" onClick={controller.toggleHidden}>
              {t('shell.keyboard.hide')}
            </button>
          </div>
          <Suspense fallback={<div className="kiosk-keyboard__loading" />}>
            <OnScreenKeyboard controller={controller} />
          </Suspense>
        </div>
      )}
    </div>
  );
});
