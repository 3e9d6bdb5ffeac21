import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../shared/stores/StoresProvider';

/**
 * The mark a demo kiosk (the daemon's KIOSK_SANDBOX=on) wears on every screen, so nobody takes its
 * rentals and payments for real ones. A strip of its own above the page: it covers no control
 * and takes no taps.
 */
export const DemoMark = observer(function DemoMark() {
  const { config } = useStores();
  const { t } = useTranslation();
  if (!config.sandbox) return null;
  // A landmark of its own (every text on the page is in one), named by its text.
  return (
    <aside className="kiosk-demo-mark" aria-label={t('shell.demo_mark')}>
      {t('shell.demo_mark')}
    </aside>
  );
});
