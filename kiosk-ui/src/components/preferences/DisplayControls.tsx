import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../shared/stores/StoresProvider';
import './display-controls.css';

/**
 * "High contrast", "Large text" and "Move controls down": three switches a visitor can combine,
 * kept for the session (root.preferences) and applied to the whole page by App (utils/display-mode.ts).
 */
export const DisplayControls = observer(function DisplayControls() {
  const { t } = useTranslation();
  const { preferences } = useStores();
  const switches = [
    { key: 'high_contrast', on: preferences.highContrast, set: preferences.setHighContrast },
    { key: 'large_text', on: preferences.largeText, set: preferences.setLargeText },
    { key: 'low_reach', on: preferences.lowReach, set: preferences.setLowReach },
  ] as const;
  return (
    <div className="kiosk-display-controls" role="group" aria-label={t('shell.display.label')}>
      {switches.map(({ key, on, set }) => (
        <button
          key={key}
          type="button"
          className="kiosk-display-controls__switch"
          aria-pressed={on}
          data-display-switch={key}
          onClick={() => set(!on)}
        >
          <span className="kiosk-display-controls__mark" aria-hidden="true" />
          {t(`shell.display.${key}`)}
        </button>
      ))}
    </div>
  );
});
