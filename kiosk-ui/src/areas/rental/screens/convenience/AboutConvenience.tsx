import { observer } from 'mobx-react-lite';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MaskedField } from '../../../../components/form/MaskedField';
import { convenienceSchema, type ConvenienceValues } from '../../forms/convenience';
import { translateMessage, vkey } from '../../../../forms/messages';
import { schemaResolver } from '../../../../forms/schema-resolver';
import { useStores } from '../../../../shared/stores/StoresProvider';
import { formatMoney } from '../../../../utils/money';
import { SectionFrame } from '../SectionFrame';
import type { RentalSectionProps } from '../../../../sections/screen-props';
import '../checkout.css';
import { submitAfterTapPaint } from '../../../../utils/after-paint';
import { OPERATOR_LANGUAGE } from '../../../../i18n/operator-language';

/**
 * All about convenience (rental §2): an optional lock ('Add a lock', its price and picture), the
 * auto-debit checkbox with the facility's offer, and the gate-code chooser when the facility lets
 * visitors pick one (fixed length, checked live: 'Validating gatecode...', 'Sorry! This gatecode
 * is unavailable'). The lock and the cost change together; Done keeps auto_debit and gatecode.
 */
export default observer(function AboutConvenience(_props: RentalSectionProps) {
  const { t } = useTranslation();
  const { rental, checkout, config } = useStores();
  const id = useId();
  const settings = config.facility;
  const selectable = Boolean(settings?.is_gatecode_selectable);
  const length = settings?.gatecode_length ?? 4;
  const alwaysRequired = Boolean(settings?.autopay_always_required);

  useEffect(() => {
    void checkout.choices.loadLocks();
  }, [checkout]);

  const schema = convenienceSchema({
    gatecodeSelectable: selectable,
    gatecodeLength: length,
    isGatecodeAvailable: checkout.choices.gatecodeCheck === 'available',
    autopayAlwaysRequired: alwaysRequired,
  });
  const form = useForm<ConvenienceValues>({
    resolver: schemaResolver(schema),
    defaultValues: { auto_debit: rental.model.auto_debit, gatecode: rental.model.gatecode },
  });
  const { register, control, handleSubmit, formState, trigger } = form;

  // A code kept from an earlier visit to this step is checked again.
  useEffect(() => {
    if (selectable && rental.model.gatecode) void checkout.choices.checkGatecode(rental.model.gatecode);
    // Only on entry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // After a first Done, the field's message follows the live check.
  const check = checkout.choices.gatecodeCheck;
  const submitted = formState.isSubmitted;
  useEffect(() => {
    if (submitted && check !== 'validating') void trigger('gatecode');
  }, [check, submitted, trigger]);

  const lock = checkout.choices.lock;
  const lockChosen = lock !== null && rental.model.item_id === lock.item_id;
  const gatecodeError =
    check === 'unavailable'
      ? translateMessage(vkey('gatecode_unavailable'), t)
      : formState.errors.gatecode?.message
        ? translateMessage(formState.errors.gatecode.message, t)
        : null;
  const gatecodeStatus =
    check === 'validating'
      ? t('rental.convenience.validating_gatecode')
      : check === 'available'
        ? t('rental.convenience.gatecode_available')
        : null;
  const autoDebitError = formState.errors.auto_debit?.message
    ? translateMessage(formState.errors.auto_debit.message, t)
    : null;

  const submit = handleSubmit((values) => {
    rental.done({ auto_debit: Boolean(values.auto_debit), gatecode: selectable ? (values.gatecode ?? '') : '' });
  });

  return (
    <SectionFrame title={t('rental.convenience.title')} formId={`${id}-form`} doneDisabled={check === 'validating'}>
      <form id={`${id}-form`} className="convenience" noValidate onSubmit={submitAfterTapPaint(submit)}>
        {lock && (
          <section className="convenience__lock" aria-labelledby={`${id}-lock`}>
            <img className="convenience__lock-image" src={lock.image_url} alt="" />
            <div className="convenience__lock-text">
              <label className="checkout-check convenience__lock-check">
                <input
                  type="checkbox"
                  checked={lockChosen}
                  // Its price is said with the box, as it is seen beside it.
                  aria-describedby={`${id}-lock-price`}
                  onChange={(event) => checkout.choices.setLock(event.target.checked)}
                />
                <span>
                  <span id={`${id}-lock`} className="convenience__lock-title">
                    {t('rental.convenience.add_lock')}
                  </span>
                  {lock.name && (
                    <span className="convenience__lock-name">
                      {' — '}
                      <span lang={OPERATOR_LANGUAGE}>{lock.name}</span>
                    </span>
                  )}
                </span>
              </label>
              <p className="convenience__price" id={`${id}-lock-price`}>
                {t('rental.convenience.lock_price', { amount: formatMoney(lock.amount, { cents: true }) })}
              </p>
              <p className="checkout-note">{t('rental.convenience.lock_note')}</p>
            </div>
          </section>
        )}

        <section className="convenience__autopay">
          <label className="checkout-check">
            <input
              type="checkbox"
              aria-invalid={autoDebitError ? true : undefined}
              aria-describedby={autoDebitError ? `${id}-autopay-error` : undefined}
              {...register('auto_debit')}
            />
            <span>
              <strong>{t('rental.convenience.auto_debit')}</strong>
              {settings?.auto_debit_offer && (
                <span className="convenience__offer" lang={OPERATOR_LANGUAGE}>
                  {settings.auto_debit_offer}
                </span>
              )}
            </span>
          </label>
          {autoDebitError && (
            <p id={`${id}-autopay-error`} className="kiosk-field-error" role="alert">
              {autoDebitError}
            </p>
          )}
        </section>

        {settings?.noke && <p className="checkout-note">{t('rental.noke.key_fob')}</p>}

        {selectable && (
          <section className="convenience__gatecode">
            <MaskedField
              control={control}
              name="gatecode"
              look="panel"
              label={t('rental.convenience.gatecode_label', { length })}
              error={gatecodeError}
              hint={gatecodeStatus}
              mask={'0'.repeat(length)}
              maxLength={length}
              onValueChange={(value) => void checkout.choices.checkGatecode(value)}
            />
          </section>
        )}
      </form>
    </SectionFrame>
  );
});
