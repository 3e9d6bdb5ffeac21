import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../../../shared/stores/StoresProvider';
import { SectionFrame } from '../SectionFrame';
import type { RentalSectionProps } from '../../../../sections/screen-props';
import { LoginDialog } from './LoginDialog';
import { MobileVerifyDialog } from './MobileVerifyDialog';
import './identity.css';
import { afterTapPaint } from '../../../../utils/after-paint';

/**
 * Verify identity (rent_this_space, rental §2, §4): by a text link to the visitor's phone, by
 * logging in as an existing customer, or manually (not when the facility requires a licence).
 * After a failed verification: 'Oops! Identity Verification failed. Please try again.'
 *
 * The rental's login section is this screen with the Login popup open over it: 'I'm already a
 * customer' goes to login, closing the popup comes back to rent_this_space.
 */
export default observer(function VerifyIdentityScreen({ section }: RentalSectionProps) {
  const { t } = useTranslation();
  const { identity, rental } = useStores();
  const [mobileOpen, setMobileOpen] = useState(identity.handoff.step !== 'idle');
  const loginOpen = section === 'login';

  // A failed verification closes the phone popup: the retry message shows on the screen.
  useEffect(() => {
    if (identity.failed) setMobileOpen(false);
  }, [identity.failed]);

  return (
    <SectionFrame
      title={t('identity.verify.title')}
      hideDone
      onCancel={loginOpen ? () => rental.goTo('rent_this_space') : undefined}
    >
      <div className="verify-id">
        {identity.failed && identity.message && (
          <p className="verify-id__failed" role="alert">
            {t(identity.message)}
          </p>
        )}
        <p className="verify-id__intro">{t('identity.verify.subtitle')}</p>
        <div className="verify-id__options">
          <button
            type="button"
            className="verify-id__option verify-id__option--main"
            onClick={() => afterTapPaint(() => setMobileOpen(true))}
          >
            <PhoneIcon />
            <span>{t('identity.verify.by_mobile')}</span>
          </button>
          <button type="button" className="verify-id__option" onClick={() => afterTapPaint(() => rental.goTo('login'))}>
            <PersonIcon />
            <span>{t('identity.verify.already_customer')}</span>
          </button>
          {identity.manualAllowed && (
            <button
              type="button"
              className="verify-id__option"
              onClick={() => afterTapPaint(() => identity.chooseManual())}
            >
              <CardIcon />
              <span>{t('identity.verify.manual')}</span>
            </button>
          )}
        </div>
      </div>
      {mobileOpen && !loginOpen && <MobileVerifyDialog onClose={() => setMobileOpen(false)} />}
      {loginOpen && (
        <LoginDialog onClose={() => rental.goTo('rent_this_space')} onRegister={() => rental.goTo('register')} />
      )}
    </SectionFrame>
  );
});

function PhoneIcon() {
  return (
    <svg width="72" height="72" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="6" y="2" width="12" height="20" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M10 18h4" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}

function PersonIcon() {
  return (
    <svg width="72" height="72" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M4 21c1-4.5 4.5-6.5 8-6.5s7 2 8 6.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}

function CardIcon() {
  return (
    <svg width="72" height="72" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="2" y="5" width="20" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <circle cx="8" cy="12" r="2.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M13 10h6M13 14h4" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}
