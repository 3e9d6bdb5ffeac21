import type { MediaItem } from '@kiosk/shared-types';
import { useTranslation } from 'react-i18next';
import './media.css';

/** The stand-in for media the kiosk cannot show: its title and that it is not available here. */
export function MediaPlaceholder({
  item,
  compact = false,
}: {
  item: Pick<MediaItem, 'type' | 'title'>;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className={compact ? 'media-placeholder media-placeholder--compact' : 'media-placeholder'}>
      <span className="media-placeholder__icon" aria-hidden="true">
        {item.type === 'video' ? '▶' : '⌖'}
      </span>
      <span className="media-placeholder__title">{item.title ?? t(`browse.media.types.${item.type}`)}</span>
      {!compact && <span className="media-placeholder__note">{t('browse.media.unavailable')}</span>}
    </div>
  );
}
