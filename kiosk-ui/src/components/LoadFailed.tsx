import { useTranslation } from 'react-i18next';
import { Button } from './Button';

/**
 * In place of a screen's operator data when it did not arrive (the network dropped, the operator
 * did not answer): says so and offers to try again, instead of showing an empty screen ("0 sizes
 * for rent"). Nothing else of the visit changes: the session, the section and the visitor's
 * answers stay as they were.
 */
export function LoadFailed({ onRetry, className }: { onRetry: () => void; className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={className ? `kiosk-load-failed ${className}` : 'kiosk-load-failed'} role="alert">
      <p className="kiosk-load-failed__message">{t('common.load_failed.message')}</p>
      <Button onClick={onRetry}>{t('common.load_failed.try_again')}</Button>
    </div>
  );
}
