import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../../../shared/stores/StoresProvider';
import { RegisterForm } from '../../../account/screens/RegisterForm';
import type { RentalSectionProps } from '../../../../sections/screen-props';
import { SectionFrame } from '../SectionFrame';

/**
 * The rental's register section: the account area's create an account in the rental frame (the
 * side panel keeps the held space in view). Created: back to the Login popup with the new e-mail
 * filled in; Already have an account?: the Login popup; Cancel: back to verify identity.
 */
export default observer(function RegisterSection(_props: RentalSectionProps) {
  const { t } = useTranslation();
  const { rental } = useStores();
  return (
    <SectionFrame title={t('account.register.title')} hideDone onCancel={() => rental.goTo('rent_this_space')}>
      <RegisterForm
        titled={false}
        onRegistered={() => rental.goTo('login')}
        onHaveAccount={() => rental.goTo('login')}
      />
    </SectionFrame>
  );
});
