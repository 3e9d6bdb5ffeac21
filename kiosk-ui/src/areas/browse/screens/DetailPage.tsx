import { observer } from 'mobx-react-lite';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SIZES_FOR_RENT_KEY } from '../categories';
import { Button } from '../../../components/Button';
import { LoadFailed } from '../../../components/LoadFailed';
import { Spinner } from '../../../components/Spinner';
import { useStores } from '../../../shared/stores/StoresProvider';
import type { RentalSectionProps } from '../../../sections/screen-props';
import { Logo } from '../../../components/logo/Logo';
import { CategoryCards } from './CategoryCards';
import { Amenities, FacilityInfo } from './FacilityInfo';
import { MediaSlider } from './MediaSlider';
import { Reviews } from './Reviews';
import { SpaceSearchForm, SpaceSearchResults } from './SpaceSearch';
import { UnitGroupPanel } from './UnitGroupPanel';
import './browse.css';
import { OPERATOR_LANGUAGE } from '../../../i18n/operator-language';

/**
 * The space list (rental §2 "Detail page"): media slider, the count of sizes for rent, category
 * cards with the open category's units and spaces, the space-number search, the facility's
 * address, hours and notes, reviews and amenities. The sidebar is hidden here, so the top bar
 * carries the way home. When the space types did not arrive it says so and offers to try again
 * (never "0 sizes for rent").
 */
export default observer(function DetailPage(_props: RentalSectionProps) {
  const { t } = useTranslation();
  const { units, config, shell } = useStores();
  const facility = config.facility;
  const page = useRef<HTMLDivElement>(null);
  const loading = units.isLoading;
  // Back on the list (after a refused hold, CHANGE, Cancel): the visitor finds it where they left it.
  useLayoutEffect(() => {
    const scroller = page.current?.closest('.kiosk-main');
    if (!scroller || loading) return;
    if (!units.revealGroup) scroller.scrollTop = units.listScrollTop;
    return () => units.saveListScroll(scroller.scrollTop);
  }, [loading, units]);
  return (
    <div ref={page} className="detail-page">
      <header className="detail-page__bar">
        <div className="detail-page__logo">
          <Logo />
        </div>
        <div className="detail-page__heading">
          <h1 className="detail-page__title">{t('shell.sections.rent')}</h1>
          {facility && (
            <p className="detail-page__facility" lang={OPERATOR_LANGUAGE}>
              {facility.name}
            </p>
          )}
        </div>
        <Button variant="secondary" className="detail-page__home" onClick={shell.goHome}>
          {t('shell.sections.home')}
        </Button>
      </header>
      {loading ? (
        <Spinner fullScreen />
      ) : units.status === 'failed' ? (
        <LoadFailed onRetry={() => void units.load()} />
      ) : (
        <div className="detail-page__layout">
          <div className="detail-page__main">
            <MediaSlider />
            <div className="detail-page__toolbar">
              {!facility?.hide_storage_size_count && (
                <p className="detail-page__sizes" data-testid="sizes-for-rent">
                  {t(SIZES_FOR_RENT_KEY, { count: units.sizesForRent })}
                </p>
              )}
              <SpaceSearchForm />
            </div>
            <SpaceSearchResults />
            <CategoryCards />
            <UnitGroupPanel />
            <Reviews />
          </div>
          <aside className="detail-page__aside" aria-label={t('browse.facility.about')}>
            <FacilityInfo />
            <Amenities />
          </aside>
        </div>
      )}
    </div>
  );
});
