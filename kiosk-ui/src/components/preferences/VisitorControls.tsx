import { observer } from 'mobx-react-lite';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { loadAreaTexts } from '../../i18n/setup';
import { useStores } from '../../shared/stores/StoresProvider';
import { AudioToggle } from './AudioToggle';
import { DisplayControls } from './DisplayControls';
import { LanguageToggle } from './LanguageToggle';

// Shown only in audio mode: not part of the first screen, nor are their words (the speech texts).
const VolumeButtons = lazy(async () => {
  const [{ VolumeButtons: Buttons }] = await Promise.all([import('./VolumeButtons'), loadAreaTexts()]);
  return { default: Buttons };
});
import './preferences.css';

/**
 * The visitor's own controls (language, speech, display), one tap away on every screen: at the
 * foot of the sidebar, or in a bar of their own where the rental flow hides the sidebar.
 */
export const VisitorControls = observer(function VisitorControls({ placement }: { placement: 'sidebar' | 'frame' }) {
  const { t } = useTranslation();
  const { speech } = useStores();
  const controls = (
    <>
      <LanguageToggle />
      <AudioToggle />
      {speech.on && (
        <Suspense fallback={null}>
          <VolumeButtons />
        </Suspense>
      )}
      <DisplayControls />
    </>
  );
  // In the frame the bar is a landmark of its own (the sidebar's <aside> holds it otherwise).
  if (placement === 'frame') {
    return (
      <aside className="kiosk-visitor-controls kiosk-visitor-controls--frame" aria-label={t('shell.preferences.label')}>
        {controls}
      </aside>
    );
  }
  return <div className="kiosk-visitor-controls kiosk-visitor-controls--sidebar">{controls}</div>;
});
