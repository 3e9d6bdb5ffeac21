import { IdleDialog } from './IdleDialog';
import { LogoutDialog } from './LogoutDialog';

/** The shell's dialogs, loaded as one chunk by ShellDialogs. */
export default function SessionDialogs() {
  return (
    <>
      <LogoutDialog />
      <IdleDialog />
    </>
  );
}
