import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/Button';
import { nextSection } from '../../flow/flow';
import { useStores } from '../../../../shared/stores/StoresProvider';
import { SectionFrame } from '../SectionFrame';
import type { RentalSectionProps } from '../../../../sections/screen-props';
import { PasswordForm } from './PasswordForm';
import '../checkout.css';

/**
 * The online account for new users (rental §2 Confirm rental, §5): 'Create Your Online Account',
 * 'Simply choose a password to access your online account.' and the password form. A rental at a
 * smart-access facility asks for it on the confirmation itself (ConfirmRental).
 */
export default observer(function CreateOnlineAccount(_props: RentalSectionProps) {
  const { t } = useTranslation();
  const { rental, checkout } = useStores();
  const formId = `${useId()}-form`;
  const moveOn = () => (nextSection(rental.flow) ? rental.done() : checkout.finish());
  return (
    <SectionFrame
      title={t('rental.new_account.title')}
      subtitle={t('rental.new_account.choose_password')}
      hideCancel
      sidePanel={false}
      formId={formId}
      doneLabel={t(checkout.confirmDoneKey as 'rental.flow.finish')}
      doneDisabled={checkout.confirmation.passwordState === 'saving'}
      footer={
        <Button variant="secondary" onClick={moveOn}>
          {t('rental.new_account.skip')}
        </Button>
      }
    >
      <PasswordForm formId={formId} onSaved={moveOn} />
    </SectionFrame>
  );
});
