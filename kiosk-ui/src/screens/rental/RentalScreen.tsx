import { observer } from 'mobx-react-lite';
import { Suspense, useDeferredValue, useEffect } from 'react';
import { Spinner } from '../../components/Spinner';
import { useStores } from '../../stores/StoresProvider';
import type { SectionScreenProps } from '../screen-props';
import { RentalAlertDialog } from './RentalAlertDialog';
import { RentalLeaveDialog } from './RentalLeaveDialog';
import { RENTAL_SECTIONS } from './sections';
import './rental.css';

/**
 * The rental area (kiosk sections 'rent' and 'find_reservation'): shows the active rental section
 * (rental.section) from the rental sections registry, the area's alerts and 'Leave this rental?'.
 */
export default observer(function RentalScreen(_props: SectionScreenProps) {
  const { rental, units } = useStores();
  useEffect(() => {
    void units.load();
  }, [units]);
  // The next step is drawn in a render of its own, after the frame that answers the tap (React
  // renders it in slices and keeps the current step on screen meanwhile, a chunk still loading
  // included): a step's whole form at 4x CPU slowdown took hundreds of milliseconds inside the tap.
  // data-rental-section names the step on screen, so it changes with it.
  const section = useDeferredValue(rental.section);
  const { Component } = RENTAL_SECTIONS[section];
  return (
    <div className="rental-screen" data-rental-section={section}>
      <Suspense fallback={<Spinner fullScreen />}>
        <Component key={section} section={section} />
      </Suspense>
      <RentalAlertDialog />
      <RentalLeaveDialog />
    </div>
  );
});
