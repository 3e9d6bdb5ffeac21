import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../../shared/stores/StoresProvider';
import { Logo } from '../../../components/logo/Logo';

/**
 * With "Move controls down" the part of the screen above the reach zone shows what is read, never
 * what is tapped: the logo, the facility's name and the section the visitor is in. Everything in
 * it is said elsewhere (the section's own heading, the page title), so screen readers skip it.
 */
export const ReachBand = observer(function ReachBand() {
  const { t } = useTranslation();
  const { config, shell } = useStores();
  const facilityName = config.facility?.name || config.config?.title;
  return (
    <div className="kiosk-reach-band" aria-hidden="true" data-testid="reach-band">
      <div className="kiosk-reach-band__logo">
        <Logo />
      </div>
      <div className="kiosk-reach-band__text">
        {facilityName && <p className="kiosk-reach-band__facility">{facilityName}</p>}
        <p className="kiosk-reach-band__section">{t(`shell.sections.${shell.currentSidebarItem}`)}</p>
      </div>
    </div>
  );
});
