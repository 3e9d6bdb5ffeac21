import { observer } from 'mobx-react-lite';
import { Suspense } from 'react';
import { Spinner } from '../components/Spinner';
import { useStores } from '../shared/stores/StoresProvider';
import { SECTION_SCREENS } from './registry';

/** Shows the active kiosk section's screen (screens/registry.ts), loading its chunk on first use. */
export const SectionOutlet = observer(function SectionOutlet() {
  const { shell } = useStores();
  const { Component } = SECTION_SCREENS[shell.section];
  return (
    <Suspense fallback={<Spinner />}>
      <Component key={shell.section} section={shell.section} />
    </Suspense>
  );
});
