import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useStores } from '../../../shared/stores/StoresProvider';
import { ForgotPasswordForm } from '../../account/screens/ForgotPasswordForm';
import { LinkRentalForm } from '../../account/screens/LinkRentalForm';
import { LoginForm } from '../../account/screens/LoginForm';
import { RegisterForm } from '../../account/screens/RegisterForm';
import type { SectionScreenProps } from '../../../sections/screen-props';
import { PayView } from './PayView';

/**
 * PAY MY BILL and Setup autopay (shell spec §2 "Pay-bill sub-sections"): login, register,
 * forgot_password, link_rental and pay. Opening it logged out starts at login; logged in it goes
 * to pay.
 */
const PayBillScreen = observer(function PayBillScreen({ section }: SectionScreenProps) {
  const { account } = useStores();
  useEffect(() => {
    account.open();
  }, [account, section]);

  if (account.view === 'pay') return <PayView />;
  return (
    <div className="account-view">
      {account.view === 'login' && <LoginForm />}
      {account.view === 'register' && <RegisterForm />}
      {account.view === 'forgot_password' && <ForgotPasswordForm />}
      {account.view === 'link_rental' && <LinkRentalForm />}
    </div>
  );
});

export default PayBillScreen;
