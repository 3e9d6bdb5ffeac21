import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { LanguageToggle } from '../../../components/preferences/LanguageToggle';
import { useStores } from '../../../shared/stores/StoresProvider';
import { OPERATOR_LANGUAGE } from '../../../i18n/operator-language';

/**
 * The operator cannot be reached (no network, the operator's service down): the kiosk says it is
 * out of service and whom to see, with the facility's phone as the daemon last had it. The
 * configuration is asked for again behind it (ConfigStore); the welcome screen replaces it as
 * soon as the operator answers. The visitor may read it in Spanish.
 */
export const OutOfServiceScreen = observer(function OutOfServiceScreen() {
  const { t } = useTranslation();
  const { config } = useStores();
  const name = config.kioskFacility?.name ?? null;
  const phone = config.kioskFacility?.phone ?? null;
  return (
    <main className="kiosk-unavailable kiosk-out-of-service">
      <div className="kiosk-out-of-service__panel">
        {name && (
          <p className="kiosk-out-of-service__facility" lang={OPERATOR_LANGUAGE}>
            {name}
          </p>
        )}
        <h1 className="kiosk-unavailable__message">
          {phone ? t('shell.out_of_service.message_with_phone', { phone }) : t('shell.out_of_service.message')}
        </h1>
        <LanguageToggle />
      </div>
    </main>
  );
});
