import { observer } from 'mobx-react-lite';
import { SectionFrame } from './SectionFrame';
import type { RentalSectionProps } from './sections';

/**
 * PLACEHOLDER for a rental section another engineer is building: the section's name in the
 * frame, with working Cancel and Done so the flow can be walked through.
 */
export default observer(function PlaceholderSection({ section }: RentalSectionProps) {
  return <SectionFrame title={section} />;
});
