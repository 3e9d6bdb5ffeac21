import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../shared/stores/StoresProvider';
import { Button } from '../Button';

/**
 * Softer and Louder beside the audio control while audio mode is on (docs/accessibility.md,
 * "Volume"): each says the new level ("Volume 4 of 5"), or that the volume is at its lowest or
 * highest. The keypad's volume keys and dot-then-8 / dot-then-2 do the same.
 */
export const VolumeButtons = observer(function VolumeButtons() {
  const { t } = useTranslation();
  const { speech } = useStores();
  if (!speech.on || speech.volumeLevel === undefined) return null;
  return (
    <div className="kiosk-visitor-controls__volume" role="group" aria-label={t('speech.volume.label')}>
      <Button variant="secondary" onClick={() => speech.controls?.run('softer')}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" focusable="false">
          <path d="M5 11h14v2H5z" fill="currentColor" />
        </svg>
        {t('speech.volume.softer')}
      </Button>
      <Button variant="secondary" onClick={() => speech.controls?.run('louder')}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" focusable="false">
          <path d="M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z" fill="currentColor" />
        </svg>
        {t('speech.volume.louder')}
      </Button>
    </div>
  );
});
