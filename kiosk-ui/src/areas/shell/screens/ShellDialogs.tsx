import { observer } from 'mobx-react-lite';
import { Suspense } from 'react';
import { loadAreaTexts } from '../../../i18n/setup';
import { useStores } from '../../../shared/stores/StoresProvider';
import { lazyWithPreload } from '../../../utils/lazyWithPreload';

const dialogs = lazyWithPreload(() =>
  Promise.all([import('./SessionDialogs'), loadAreaTexts()]).then(([module]) => module),
);
/** Fetches the dialogs' chunk ahead of the first session (screens/registry.ts prefetchScreens). */
export const loadShellDialogs = dialogs.load;

/**
 * The shell's dialogs (logout confirmation, idle warning) only ever open during a session, so their
 * code and texts are not part of the first screen (its budget: docs/performance.md): they are mounted while a session is
 * active, which is before any warning, so the idle warning's live region exists before it speaks.
 */
export const ShellDialogs = observer(function ShellDialogs() {
  const { session, shell } = useStores();
  const needed = session.snapshot?.active === true || session.warning || shell.logoutConfirmOpen;
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <dialogs.Component />
    </Suspense>
  );
});
