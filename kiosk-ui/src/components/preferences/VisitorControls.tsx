import { observer } from 'mobx-react-lite';
import { AudioToggle } from './AudioToggle';
import { DisplayControls } from './DisplayControls';
import { LanguageToggle } from './LanguageToggle';
import './preferences.css';

/**
 * The visitor's own controls (language, speech, display), one tap away on every screen: at the
 * foot of the sidebar, or in a bar of their own where the rental flow hides the sidebar.
 */
export const VisitorControls = observer(function VisitorControls({ placement }: { placement: 'sidebar' | 'frame' }) {
  return (
    <div className={`kiosk-visitor-controls kiosk-visitor-controls--${placement}`}>
      <LanguageToggle />
      <AudioToggle />
      <DisplayControls />
    </div>
  );
});
