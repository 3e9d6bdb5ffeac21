import { MASKS } from '@kiosk/shared-types';
import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/Button';
import { gateCodeTextSchema, type GateCodeTextValues } from '../../../account/forms/account';
import { schemaResolver } from '../../../../forms/schema-resolver';
import { useStores } from '../../../../shared/stores/StoresProvider';
import { MaskedField } from '../../../../components/form/MaskedField';
import { withoutFinalStop } from '../../../../utils/sentence';
import { submitAfterTapPaint } from '../../../../utils/after-paint';

export interface TextMessageFormProps {
  /** The form's heading, e.g. 'Send gate code by text'; leave out when the screen says it. */
  title?: string;
  buttonLabel: string;
  onSend: (phone: string) => Promise<void>;
}

/**
 * A phone (required, checked like every cell phone) and a send button, with the outcome of the
 * last text: 'message sent successfully to {phone}', 'Error occurred while sending message' or
 * the server's message followed by '. Please try again.' (rental §8).
 */
export const TextMessageForm = observer(function TextMessageForm({ title, buttonLabel, onSend }: TextMessageFormProps) {
  const { t } = useTranslation();
  const { rental, checkout, identity } = useStores();
  const id = useId();
  const { control, handleSubmit } = useForm<GateCodeTextValues>({
    resolver: schemaResolver(gateCodeTextSchema({ validatePhone: identity.validatePhone })),
    defaultValues: { phonenumber: rental.model.tenant_phone },
  });
  const status = checkout.confirmation.textStatus;
  const message =
    status.state === 'sent'
      ? t('rental.confirm.text_sent', { phone: status.phone })
      : status.state === 'failed'
        ? status.serverMessage
          ? t('rental.confirm.text_failed_server', { message: withoutFinalStop(status.serverMessage) })
          : t('rental.confirm.text_failed')
        : '';
  const submit = handleSubmit((values) => onSend(values.phonenumber));
  return (
    <form
      className="text-form"
      noValidate
      onSubmit={submitAfterTapPaint(submit)}
      aria-labelledby={title ? `${id}-title` : undefined}
    >
      {title && (
        <h2 id={`${id}-title`} className="text-form__title">
          {title}
        </h2>
      )}
      <div className="text-form__row">
        <MaskedField
          control={control}
          name="phonenumber"
          label={t('rental.confirm.phone')}
          mask={MASKS.phone}
          keyboard="phone"
          required
        />
        <Button type="submit" disabled={status.state === 'sending'} className="text-form__send">
          {buttonLabel}
        </Button>
      </div>
      <p
        className={status.state === 'failed' ? 'text-form__status text-form__status--failed' : 'text-form__status'}
        role="status"
      >
        {message}
      </p>
    </form>
  );
});
