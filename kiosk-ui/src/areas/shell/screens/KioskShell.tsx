import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { KeyboardSlot } from '../../../components/keyboard/KeyboardSlot';
import { VisitorControls } from '../../../components/preferences/VisitorControls';
import { Spinner } from '../../../components/Spinner';
import { ReachBand } from './ReachBand';
import { useStores } from '../../../shared/stores/StoresProvider';
import { ShellDialogs } from './ShellDialogs';
import { Sidebar } from './Sidebar';

/**
 * The kiosk for one facility: sidebar on the left (unless the rental flow hides it: then the
 * visitor's own controls get a slim bar of their own below the section), the active
 * section on the right (`outlet`: the section's screen, given by the page, which knows every area's), the band above the reach zone with Move controls down, the shell's dialogs (logout, idle warning) and the on-screen keyboard.
 */
export const KioskShell = observer(function KioskShell({ outlet }: { outlet: ReactNode }) {
  const { config, shell, preferences } = useStores();
  if (config.configuration.state !== 'ready') return <Spinner fullScreen />;
  return (
    <div className={shell.sidebarHidden ? 'kiosk-shell kiosk-shell--no-sidebar' : 'kiosk-shell'}>
      {preferences.lowReach && <ReachBand />}
      {!shell.sidebarHidden && <Sidebar />}
      <main className="kiosk-main" data-section={shell.section}>
        {outlet}
        {/* Fixed at the bottom of the screen; inside <main> so it sits in a landmark. */}
        <KeyboardSlot />
      </main>
      {shell.sidebarHidden && <VisitorControls placement="frame" />}
      <ShellDialogs />
    </div>
  );
});
