import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { useStores } from '../../../shared/stores/StoresProvider';
import { SIGNING_FRAME_SANDBOX } from '../../../shared/media/frame-sandbox';
import { OPERATOR_LANGUAGE } from '../../../i18n/operator-language';

/**
 * Sign documents (shell spec §2 state 7, §4 "Submit"): one embedded frame per agreement, the
 * current one shown; its completion message runs that unit's enrolment and the next one shows.
 */
export const SigningOverlay = observer(function SigningOverlay() {
  const { t } = useTranslation();
  const { payment } = useStores().payBill;
  const current = payment.currentAgreement;
  const frame = useRef<HTMLIFrameElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    panel.current?.focus();
  }, [payment]);
  // The frame of the agreement on screen is the only one whose completion counts.
  const key = current?.agreement.key;
  useEffect(() => {
    if (!key) return;
    payment.setSigningFrame(frame.current?.contentWindow ?? null);
    return () => payment.setSigningFrame(null);
  }, [payment, key]);

  if (!current) return null;
  const { agreement } = current;
  return (
    <div
      className="pay-signing"
      role="dialog"
      aria-modal="true"
      aria-labelledby="pay-signing-title"
      ref={panel}
      tabIndex={-1}
    >
      <header className="pay-signing__header">
        <h2 id="pay-signing-title" className="pay-signing__title">
          {t('pay_bill.sign_documents')}
        </h2>
        <p className="pay-signing__progress">
          {t('pay_bill.signing_progress', { current: payment.signingIndex + 1, total: payment.agreements.length })}
          {' · '}
          <span lang={OPERATOR_LANGUAGE}>{agreement.display_name}</span>
        </p>
        <Button variant="danger" onClick={payment.cancelSigning}>
          {t('pay_bill.signing_cancel')}
        </Button>
      </header>
      <iframe
        key={agreement.key}
        ref={frame}
        className="pay-signing__frame"
        src={agreement.url}
        title={agreement.display_name}
        sandbox={SIGNING_FRAME_SANDBOX}
      />
    </div>
  );
});
