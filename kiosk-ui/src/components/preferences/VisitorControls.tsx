import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { AudioToggle } from './AudioToggle';
import { DisplayControls } from './DisplayControls';
import { LanguageToggle } from './LanguageToggle';
import './preferences.css';

/**
 * The visitor's own controls (language, speech, display), one tap away on every screen: at the
 * foot of the sidebar, or in a bar of their own where the rental flow hides the sidebar.
 */
export const VisitorControls = observer(function VisitorControls({ placement }: { placement: 'sidebar' | 'frame' }) {
  const { t } = useTranslation();
  const className = `kiosk-visitor-controls kiosk-visitor-controls--${placement}`;
  const controls = (
    <>
      <LanguageToggle />
      <AudioToggle />
      <DisplayControls />
    </>
  );
  // In the sidebar they sit in its landmark; in a bar of their own, the bar is one.
  return placement === 'frame' ? (
    <aside className={className} aria-label={t('shell.visitor_controls')}>
      {controls}
    </aside>
  ) : (
    <div className={className}>{controls}</div>
  );
});
