import { MASKS } from '@kiosk/shared-types';
import { observer } from 'mobx-react-lite';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/Button';
import { Dialog } from '../../../../components/Dialog';
import { Spinner } from '../../../../components/Spinner';
import { otpPhoneSchema, type OtpPhoneValues } from '../../../../forms/phone';
import { schemaResolver } from '../../../../forms/schema-resolver';
import { useStores } from '../../../../shared/stores/StoresProvider';
import { MaskedField } from '../../../../components/form/MaskedField';

/**
 * 'Verify ID by mobile number': the visitor's cell phone, then 'Session continues on your phone'
 * with Resend Text and 'Return to this device' while the kiosk polls the provider.
 */
export const MobileVerifyDialog = observer(function MobileVerifyDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { identity, rental } = useStores();
  const { handoff } = identity;
  const formId = useId();
  const [resent, setResent] = useState(false);
  const schema = useMemo(() => otpPhoneSchema({ validatePhone: identity.validatePhone }), [identity]);
  const form = useForm<OtpPhoneValues>({
    resolver: schemaResolver(schema),
    defaultValues: { phone: handoff.phone || rental.model.tenant_phone },
  });
  const step = handoff.step;

  if (step === 'waiting' || step === 'processing') {
    const processing = step === 'processing';
    return (
      <Dialog
        open
        className="verify-dialog"
        title={t('identity.mobile.continues')}
        actions={
          <>
            <Button
              variant="secondary"
              onClick={() => {
                handoff.returnToDevice();
                onClose();
              }}
            >
              {t('identity.mobile.return')}
            </Button>
            <Button
              disabled={processing || handoff.resending}
              onClick={() => {
                setResent(false);
                void handoff.resendText().then(setResent);
              }}
            >
              {t('identity.mobile.resend')}
            </Button>
          </>
        }
      >
        {processing ? <Spinner label={t('identity.mobile.processing')} /> : <PhoneWaiting />}
        <p className="verify-dialog__text">
          {processing ? t('identity.mobile.processing') : t('identity.mobile.continues_text', { phone: handoff.phone })}
        </p>
        <div aria-live="polite" className="verify-dialog__status">
          {resent && <p>{t('identity.mobile.resent')}</p>}
          {identity.message && !identity.failed && <p role="alert">{t(identity.message)}</p>}
        </div>
      </Dialog>
    );
  }

  const sending = step === 'sending';
  return (
    <Dialog
      open
      className="verify-dialog"
      title={t('identity.verify.by_mobile')}
      onClose={onClose}
      actions={
        <>
          <Button variant="danger" onClick={onClose}>
            {t('identity.mobile.cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={sending}>
            {t('identity.mobile.send')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="verify-dialog__form"
        noValidate
        onSubmit={form.handleSubmit((values) => handoff.start(values.phone))}
      >
        <p className="verify-dialog__text">{t('identity.mobile.intro')}</p>
        <MaskedField
          control={form.control}
          name="phone"
          label={t('identity.mobile.phone')}
          mask={MASKS.phone}
          keyboard="phone"
          required
        />
        {sending && <Spinner />}
        {identity.message && !identity.failed && (
          <p className="kiosk-field-error" role="alert">
            {t(identity.message)}
          </p>
        )}
      </form>
    </Dialog>
  );
});

function PhoneWaiting() {
  return (
    <svg
      className="verify-dialog__phone"
      width="120"
      height="120"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="6" y="2" width="12" height="20" rx="2" fill="none" stroke="currentColor" strokeWidth="1.4" />
      <path d="M9 9l2 2 4-4" fill="none" stroke="currentColor" strokeWidth="1.4" />
      <path d="M10 18h4" stroke="currentColor" strokeWidth="1.4" />
    </svg>
  );
}
