import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import type { UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/Button';
import { US_STATES } from '../components/form/us-states';
import { useStores } from '../stores/StoresProvider';
import { licenceFormValues, type LicenceFormField } from './licence-fill';
import { WedgeScanWatcher } from './wedge-scan';
import './licence-scan.css';

const STATES = new Set(US_STATES.map((state) => state.value));

export interface LicenceScanProps {
  /** The form's setValue: a scan fills the fields, the visitor can still edit them. */
  setValue: UseFormSetValue<Record<LicenceFormField, string>>;
}

/** Give keys that were held back to the field they were meant for. */
function typeIntoFocusedField(text: string): void {
  // insertText goes through the field's input event, so react-hook-form sees it like typing.
  if (text && document.activeElement instanceof HTMLInputElement) document.execCommand('insertText', false, text);
}

/**
 * 'Scan your driver licence' on the info form: while the form is open, a scan from the serial
 * scanner or a keyboard-wedge scanner fills the visitor's name, address and licence; an expired
 * licence, a visitor under 18 or an unreadable scan changes nothing and says why.
 */
export const LicenceScan = observer(function LicenceScan({ setValue }: LicenceScanProps) {
  const { t } = useTranslation();
  const { licenceScan, rental } = useStores();

  useEffect(() => {
    const stop = licenceScan.listen();
    const watcher = new WedgeScanWatcher({
      onScan: (data) => void licenceScan.submitWedgeScan(data),
      onRelease: typeIntoFocusedField,
      setTimer: (run, ms) => window.setTimeout(run, ms),
      clearTimer: (timer) => window.clearTimeout(timer as number),
    });
    const onKey = (event: KeyboardEvent) => {
      if (watcher.key(event)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('keydown', onKey, { capture: true });
    return () => {
      window.removeEventListener('keydown', onKey, { capture: true });
      stop();
    };
  }, [licenceScan]);

  const scanned = licenceScan.fields;
  useEffect(() => {
    if (scanned === null) return;
    const fields = licenceScan.takeFields();
    if (fields === null) return;
    for (const [name, value] of Object.entries(licenceFormValues(fields, STATES))) {
      setValue(name as LicenceFormField, value, { shouldDirty: true, shouldValidate: true });
    }
    // The senior discount asks for the birthday later: it starts from the licence's.
    rental.setFields({ birthday: fields.date_of_birth });
  }, [scanned, licenceScan, setValue, rental]);

  const { phase, problem } = licenceScan;
  const message =
    phase === 'waiting'
      ? t('devices.scan.waiting')
      : phase === 'reading'
        ? t('devices.scan.reading')
        : phase === 'filled'
          ? t('devices.scan.filled')
          : phase === 'failed' && problem
            ? t(`devices.scan.failed.${problem}` as 'devices.scan.failed.expired')
            : '';

  return (
    <div className="licence-scan">
      <Button variant="secondary" onClick={licenceScan.startScan}>
        {t('devices.scan.button')}
      </Button>
      <p
        className={phase === 'failed' ? 'licence-scan__message licence-scan__message--error' : 'licence-scan__message'}
        role={phase === 'failed' ? 'alert' : 'status'}
      >
        {message}
      </p>
    </div>
  );
});
