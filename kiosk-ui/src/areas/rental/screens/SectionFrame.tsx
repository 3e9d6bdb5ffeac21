import { observer } from 'mobx-react-lite';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { useStores } from '../../../shared/stores/StoresProvider';
import { useStepLabel } from './fields/useStepLabel';
import { SidePanel } from './SidePanel';
import './rental.css';
import { afterTapPaint } from '../../../utils/after-paint';

export interface SectionFrameProps {
  /** The section's heading (names the region too). */
  title: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
  /**
   * The id of the section's <form>: Done becomes its submit button, so the form validates and
   * its onSubmit calls `rental.done(values)`. Without it, Done calls `onDone` or `rental.done()`.
   */
  formId?: string;
  onDone?: () => void;
  /** Defaults to `rental.cancel()` (back one section). */
  onCancel?: () => void;
  doneLabel?: ReactNode;
  /** Defaults to 'Cancel'; pass t('rental.frame.back') for 'Back'. */
  cancelLabel?: ReactNode;
  doneDisabled?: boolean;
  /** Ids of what Done's press means, said with it (the side panel's total on a pay button). */
  doneDescribedBy?: string;
  hideDone?: boolean;
  hideCancel?: boolean;
  /** The side panel ('Your Storage', cost) beside the content; on by default. */
  sidePanel?: boolean;
  /** Extra buttons in the footer, between Cancel and Done. */
  footer?: ReactNode;
  className?: string;
}

/**
 * The frame of every rental step: heading with 'Step N of M' on each step of the active list, content, a footer with Cancel (back one section) and
 * Done (next section), and the side panel summary on the right.
 */
export const SectionFrame = observer(function SectionFrame({
  title,
  subtitle,
  children,
  formId,
  onDone,
  onCancel,
  doneLabel,
  cancelLabel,
  doneDisabled = false,
  doneDescribedBy,
  hideDone = false,
  hideCancel = false,
  sidePanel = true,
  footer,
  className,
}: SectionFrameProps) {
  const { t } = useTranslation();
  const { rental } = useStores();
  const titleId = useId();
  const step = useStepLabel(rental.section);
  return (
    <div className={['rental-frame', sidePanel ? 'rental-frame--with-panel' : '', className ?? ''].join(' ').trim()}>
      <section className="rental-frame__main" aria-labelledby={titleId}>
        <header className="rental-frame__header">
          <h1 id={titleId} className="rental-frame__title">
            {title}
          </h1>
          {step !== undefined && <p className="rental-frame__step">{step}</p>}
          {subtitle !== undefined && <p className="rental-frame__subtitle">{subtitle}</p>}
        </header>
        <div className="rental-frame__body">{children}</div>
        {(!hideCancel || !hideDone || footer !== undefined) && (
          <footer className="rental-frame__actions">
            {!hideCancel && (
              <Button
                variant={cancelLabel === undefined ? 'danger' : 'secondary'}
                className="rental-frame__cancel"
                data-keypad-back
                onClick={() => afterTapPaint(onCancel ?? (() => rental.cancel()))}
              >
                {cancelLabel ?? t('rental.frame.cancel')}
              </Button>
            )}
            {footer}
            {!hideDone &&
              (formId ? (
                <Button
                  type="submit"
                  form={formId}
                  className="rental-frame__done"
                  disabled={doneDisabled}
                  aria-describedby={doneDescribedBy}
                >
                  {doneLabel ?? t('rental.frame.done')}
                </Button>
              ) : (
                <Button
                  className="rental-frame__done"
                  disabled={doneDisabled}
                  aria-describedby={doneDescribedBy}
                  onClick={() => afterTapPaint(onDone ?? (() => rental.done()))}
                >
                  {doneLabel ?? t('rental.frame.done')}
                </Button>
              ))}
          </footer>
        )}
      </section>
      {sidePanel && <SidePanel />}
    </div>
  );
});
