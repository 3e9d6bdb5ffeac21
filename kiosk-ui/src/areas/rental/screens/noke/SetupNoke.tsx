import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { nextSection } from '../../flow/flow';
import { useStores } from '../../../../shared/stores/StoresProvider';
import { TextMessageForm } from '../confirm/TextMessageForm';
import { SectionFrame } from '../SectionFrame';
import type { RentalSectionProps } from '../../../../sections/screen-props';
import '../checkout.css';

/**
 * Smart access setup (rental §2): the app links and the access PIN were e-mailed and texted; a
 * phone field and RESEND TEXT send them again (text-gate-code with resend_sms).
 */
export default observer(function SetupNoke(_props: RentalSectionProps) {
  const { t } = useTranslation();
  const { rental, checkout } = useStores();
  // The confirmation's gate-code text is not this screen's: its status starts empty.
  useEffect(() => {
    checkout.confirmation.clearTextStatus();
  }, [checkout]);
  const onDone = () => (nextSection(rental.flow) ? rental.done() : checkout.finish());
  return (
    <SectionFrame title={t('rental.noke.title')} hideCancel sidePanel={false} onDone={onDone}>
      <div className="noke">
        <p className="noke__emailed">{t('rental.noke.emailed')}</p>
        <TextMessageForm buttonLabel={t('rental.noke.resend')} onSend={checkout.confirmation.resendAccessText} />
        <p className="checkout-note">{t('rental.noke.key_fob')}</p>
      </div>
    </SectionFrame>
  );
});
