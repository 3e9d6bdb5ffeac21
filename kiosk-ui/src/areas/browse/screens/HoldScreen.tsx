import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { unitDimensions, unitLabelKey } from '../categories';
import { Spinner } from '../../../components/Spinner';
import { Trivia } from '../../../components/trivia/Trivia';
import { useStores } from '../../../shared/stores/StoresProvider';
import type { RentalSectionProps } from '../../../sections/screen-props';
import './browse.css';

/**
 * hold_unit: 'We are putting your space on hold.' while the hold, the move-in cost and the
 * dossier run, with the chosen unit and the trivia quiz to pass the wait.
 */
export default observer(function HoldScreen(_props: RentalSectionProps) {
  const { t } = useTranslation();
  const { rental } = useStores();
  const unit = rental.pick.unit;
  const door = rental.model.unit_door_number;
  return (
    <section className="hold-screen" aria-labelledby="hold-title" aria-busy="true">
      <div className="hold-screen__panel">
        <Spinner label={t('browse.hold.putting_on_hold')} />
        <h1 id="hold-title" className="hold-screen__title">
          {t('browse.hold.putting_on_hold')}
        </h1>
        {unit && (
          <p className="hold-screen__unit">
            <strong>
              {unitDimensions(unit)} {t(unitLabelKey(unit))}
            </strong>{' '}
            · {unit.unit_type}
            {door && ` · #${door}`}
          </p>
        )}
        <div className="hold-screen__trivia">
          <Trivia />
        </div>
      </div>
    </section>
  );
});
