import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { PrintReceipt } from '../../../components/printer/PrintReceipt';
import { isSmartAccessConfirm, nextSection } from '../../../flow/flow';
import { rentalReceipt, reservationReceipt } from '../../../printer/receipts';
import { useStores } from '../../../stores/StoresProvider';
import { SectionFrame } from '../SectionFrame';
import type { RentalSectionProps } from '../../screen-props';
import { PasswordForm } from './PasswordForm';
import { TextMessageForm } from './TextMessageForm';
import '../checkout.css';

/**
 * Confirm rental (rental §2, §4 "Finalising"): 'Congratulations' and 'Your {reservation/rental} is
 * confirmed!' with the gate code (or the reservation code) and 'send gate code by text'; or the
 * failure variant ('Oops!', what did not go through, 'Please ask the Manager for help.') whose
 * Done reads 'Retry Payment'. Done is labelled with what comes next: 'Create Your Online Account',
 * 'Setup Access Control' or 'Finish' (which ends the session).
 *
 * A rental at a smart-access (keyless) facility is confirmed by the spec's smart-access variant:
 * 'Almost Done!', 'Simply choose a password to access your online account.' with the password
 * form on this screen, for every tenant, new or existing (flow.ts isSmartAccessConfirm).
 */
export default observer(function ConfirmRental(_props: RentalSectionProps) {
  const { t } = useTranslation();
  const root = useStores();
  const { rental, checkout, config } = root;
  const doneLabel = t(checkout.confirmDoneKey as 'flow.finish');
  const passwordFormId = `${useId()}-password`;

  if (checkout.processState === 'failed') {
    const error = checkout.processingError;
    const what = error?.card
      ? t('rental.confirm.card_failed')
      : checkout.isReservation
        ? t('rental.confirm.reservation_failed')
        : t('rental.confirm.rental_failed');
    return (
      <SectionFrame title={t('rental.confirm.oops')} hideCancel doneLabel={doneLabel} onDone={checkout.retry}>
        <div className="confirm confirm--failed" role="alert">
          <p className="confirm__headline">{what}</p>
          {error?.message && <p className="confirm__detail">{error.message}</p>}
          <p className="confirm__help">{t('rental.confirm.ask_manager')}</p>
        </div>
      </SectionFrame>
    );
  }

  const rentalResult = checkout.rentalResult;
  const reservation = checkout.reservationResult;
  const onDone = () => (nextSection(rental.flow) ? rental.done() : checkout.finish());
  const showGatecode = Boolean(rentalResult?.gatecode) && config.facility?.show_gatecode !== false;

  const smartAccess =
    rentalResult !== null && isSmartAccessConfirm({ noke: Boolean(config.facility?.noke), reservation: false });
  const frame = smartAccess
    ? {
        title: t('rental.new_account.almost_done'),
        subtitle: t('rental.new_account.choose_password'),
        formId: passwordFormId,
        doneDisabled: checkout.confirmation.passwordState === 'saving',
        footer: (
          <Button variant="secondary" onClick={onDone}>
            {t('rental.new_account.skip')}
          </Button>
        ),
      }
    : { title: t('rental.confirm.congratulations'), onDone };

  return (
    // The space is rented: no CHANGE any more, so no side panel.
    <SectionFrame {...frame} hideCancel sidePanel={false} doneLabel={doneLabel}>
      <div className="confirm">
        <p className="confirm__headline">
          {reservation ? t('rental.confirm.confirmed_reservation') : t('rental.confirm.confirmed_rental')}
        </p>
        {rentalResult && (
          <dl className="confirm__facts">
            <div>
              <dt>{t('rental.confirm.unit', { door: rentalResult.unit_door_number })}</dt>
              <dd>{t('rental.confirm.move_in', { date: rentalResult.move_in_date })}</dd>
            </div>
            {showGatecode && (
              <div className="confirm__code">
                <dt>{t('rental.confirm.gatecode')}</dt>
                <dd className="confirm__code-value">{rentalResult.gatecode}</dd>
              </div>
            )}
          </dl>
        )}
        {showGatecode && rentalResult?.access_info && <p className="confirm__access">{rentalResult.access_info}</p>}
        {reservation && (
          <dl className="confirm__facts">
            <div>
              <dt>{t('rental.confirm.unit', { door: reservation.unit_door_number })}</dt>
              <dd>{t('rental.confirm.move_in', { date: reservation.move_in_date })}</dd>
            </div>
            <div className="confirm__code">
              <dt>{t('rental.confirm.reservation_code')}</dt>
              <dd className="confirm__code-value">{reservation.reservation_code}</dd>
            </div>
          </dl>
        )}
        {rentalResult && <PrintReceipt build={() => rentalReceipt(root, t)} gatecodeOption={showGatecode} />}
        {reservation && <PrintReceipt build={() => reservationReceipt(root)} />}
        {smartAccess && <PasswordForm formId={passwordFormId} onSaved={onDone} />}
        {showGatecode && (
          <TextMessageForm
            title={t('rental.confirm.text_title')}
            buttonLabel={t('rental.confirm.send')}
            onSend={checkout.confirmation.sendGateCodeText}
          />
        )}
      </div>
    </SectionFrame>
  );
});
