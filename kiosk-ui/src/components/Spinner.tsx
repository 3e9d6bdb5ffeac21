import { useTranslation } from 'react-i18next';

/** A busy indicator announced to screen readers; `label` defaults to "Loading". */
export function Spinner({ label, fullScreen = false }: { label?: string; fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      className={fullScreen ? 'kiosk-spinner kiosk-spinner--full' : 'kiosk-spinner'}
      role="status"
      aria-live="polite"
    >
      <span className="kiosk-spinner__wheel" aria-hidden="true" />
      <span className="kiosk-visually-hidden">{label ?? t('common.loading')}</span>
    </div>
  );
}
