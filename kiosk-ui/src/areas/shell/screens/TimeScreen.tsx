import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../../shared/stores/StoresProvider';

/** /time/: the kiosk PC's clock in epoch seconds, ticking (support staff compare clocks with it). */
export const TimeScreen = observer(function TimeScreen() {
  const { t } = useTranslation();
  const { shell } = useStores();
  useEffect(() => shell.startClock(), [shell]);
  return (
    <main className="kiosk-time">
      <h1 className="kiosk-visually-hidden">{t('shell.time.label')}</h1>
      <p className="kiosk-time__value" data-testid="epoch-seconds">
        {shell.nowSeconds}
      </p>
    </main>
  );
});
