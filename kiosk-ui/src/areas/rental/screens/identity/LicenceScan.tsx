import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import type { UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/Button';
import { US_STATES } from '../../../../components/form/us-states';
import { useStores } from '../../../../shared/stores/StoresProvider';
import { licenceFormValues, type LicenceFormField } from '../../identity/licence-fill';
import { WedgeScanWatcher } from '../../identity/wedge-scan';
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

interface FieldSnapshot {
  field: HTMLInputElement;
  value: string;
  selectionStart: number | null;
  selectionEnd: number | null;
}

/** The focused field as it is before a run of keys reaches it. */
function snapshotFocusedField(): FieldSnapshot | null {
  const field = document.activeElement;
  if (!(field instanceof HTMLInputElement)) return null;
  return { field, value: field.value, selectionStart: field.selectionStart, selectionEnd: field.selectionEnd };
}

/** Put the field back as it was, through its input event so the form (and its mask) sees it. */
function restoreField(snapshot: FieldSnapshot | null): void {
  if (!snapshot || !snapshot.field.isConnected || snapshot.field.value === snapshot.value) return;
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setValue?.call(snapshot.field, snapshot.value);
  snapshot.field.dispatchEvent(new Event('input', { bubbles: true }));
  if (snapshot.selectionStart !== null && snapshot.selectionEnd !== null && document.activeElement === snapshot.field) {
    snapshot.field.setSelectionRange(snapshot.selectionStart, snapshot.selectionEnd);
  }
}

/**
 * 'Scan your driver license' on the info form: while the form is open, a scan from the serial
 * scanner or a keyboard-wedge scanner fills the visitor's name, address and licence; an expired
 * licence, a visitor under 18 or an unreadable scan changes nothing and says why. A wedge scan
 * leaves the focused field exactly as it was; another kind of barcode typed into a field is taken
 * back out of it and the visitor told (identity/wedge-scan.ts).
 */
export const LicenceScan = observer(function LicenceScan({ setValue }: LicenceScanProps) {
  const { t } = useTranslation();
  const { licenceScan, rental } = useStores();

  useEffect(() => {
    const stop = licenceScan.listen();
    const watcher = new WedgeScanWatcher<FieldSnapshot | null>({
      onScan: (data) => void licenceScan.submitWedgeScan(data),
      onRelease: typeIntoFocusedField,
      onRunStart: snapshotFocusedField,
      // The field as it was before the burst's first key: the whole barcode comes out.
      onForeignBarcode: (start) => {
        restoreField(start ?? null);
        licenceScan.notALicence();
      },
      setTimer: (run, ms) => window.setTimeout(run, ms),
      clearTimer: (timer) => window.clearTimeout(timer as number),
    });
    const onKey = (event: KeyboardEvent) => {
      // The page's clock: a burst is judged by when its keys are handled.
      if (watcher.key({ key: event.key, ctrlKey: event.ctrlKey, time: performance.now() })) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    // A separator the scanner sends as text, with no key behind it.
    const onBeforeInput = (event: InputEvent) => {
      if (event.inputType.startsWith('insert') && event.data && watcher.text(event.data)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('keydown', onKey, { capture: true });
    window.addEventListener('beforeinput', onBeforeInput, { capture: true });
    return () => {
      window.removeEventListener('keydown', onKey, { capture: true });
      window.removeEventListener('beforeinput', onBeforeInput, { capture: true });
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
