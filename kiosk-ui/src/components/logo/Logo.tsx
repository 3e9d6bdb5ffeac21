import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../shared/stores/StoresProvider';
import { DefaultLogo } from './DefaultLogo';

/** The configured logo, or the bundled default when the configuration has none. */
export const Logo = observer(function Logo() {
  const { t } = useTranslation();
  const { config } = useStores();
  const label = config.config?.title || t('shell.logo.default_label');
  if (!config.logoUrl) return <DefaultLogo label={label} />;
  return <img className="kiosk-logo" src={config.logoUrl} alt={label} />;
});
