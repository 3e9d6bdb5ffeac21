import { observer } from 'mobx-react-lite';
import type { RentalSectionProps } from '../screen-props';
import { SectionFrame } from './SectionFrame';

/**
 * The rental area's login, register and pay section names (rental spec §2) have no screen inside
 * the rental area: signing in, creating an account and paying are the shell's account and
 * Pay My Bill screens. If the flow ever lands on one of these names, the visitor sees the
 * section's name in the frame with working Cancel and Done, never a blank screen.
 */
export default observer(function PlaceholderSection({ section }: RentalSectionProps) {
  return <SectionFrame title={section} />;
});
