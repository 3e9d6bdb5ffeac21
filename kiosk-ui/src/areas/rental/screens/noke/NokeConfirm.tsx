import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../../../shared/stores/StoresProvider';
import { SectionFrame } from '../SectionFrame';
import type { RentalSectionProps } from '../../../../sections/screen-props';
import '../checkout.css';

/**
 * Smart access confirmation (rental §2): open the space from a phone, or show government ID to the
 * manager. Finish ends the session.
 */
export default observer(function NokeConfirm(_props: RentalSectionProps) {
  const { t } = useTranslation();
  const { checkout } = useStores();
  return (
    <SectionFrame
      title={t('rental.noke.confirm_title')}
      hideCancel
      sidePanel={false}
      doneLabel={t('rental.flow.finish')}
      onDone={checkout.finish}
    >
      <ul className="noke__choices">
        <li className="noke__choice">{t('rental.noke.open_from_phone')}</li>
        <li className="noke__choice">{t('rental.noke.show_id')}</li>
      </ul>
    </SectionFrame>
  );
});
