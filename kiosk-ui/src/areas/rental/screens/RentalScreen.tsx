import { observer } from 'mobx-react-lite';
import { Suspense, useEffect } from 'react';
import { Spinner } from '../../../components/Spinner';
import { useStores } from '../../../shared/stores/StoresProvider';
import type { SectionScreenProps } from '../../../sections/screen-props';
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
  const { Component } = RENTAL_SECTIONS[rental.section];
  return (
    <div className="rental-screen" data-rental-section={rental.section}>
      <Suspense fallback={<Spinner fullScreen />}>
        <Component key={rental.section} section={rental.section} />
      </Suspense>
      <RentalAlertDialog />
      <RentalLeaveDialog />
    </div>
  );
});
