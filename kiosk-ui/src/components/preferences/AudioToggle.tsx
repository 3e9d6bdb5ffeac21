import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../shared/stores/StoresProvider';
import { Button } from '../Button';

/**
 * Audio: the kiosk speaks each screen, the focused control, errors and results (docs/accessibility.md,
 * "Speech"). A toggle button, pressed while on; absent when the kiosk cannot speak (no synthesiser
 * or no player), so no visitor switches on a mode that stays silent. Until the daemon has said
 * whether it can speak, an invisible stand-in of the same size holds its place from the first paint.
 */
export const AudioToggle = observer(function AudioToggle() {
  const { t } = useTranslation();
  const { speech, preferences } = useStores();
  if (speech.availabilityPending) {
    return (
      <Button
        variant="secondary"
        className="kiosk-visitor-controls__audio kiosk-visitor-controls__audio--pending"
        aria-hidden="true"
        tabIndex={-1}
        disabled
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" focusable="false" />
        {t('shell.preferences.audio.label')}
      </Button>
    );
  }
  if (!speech.available) return null;
  return (
    <Button
      variant="secondary"
      className="kiosk-visitor-controls__audio"
      aria-pressed={preferences.audio}
      onClick={speech.toggleAudio}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24" focusable="false">
        <path d="M3 9v6h4l5 5V4L7 9H3z" fill="currentColor" />
        {preferences.audio && <path d="M16.5 12a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4z" fill="currentColor" />}
      </svg>
      {t('shell.preferences.audio.label')}
    </Button>
  );
});
