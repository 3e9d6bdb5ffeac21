import type { ComponentType } from 'react';
import type { KioskSection } from '@kiosk/shared-types';
import type { SectionName } from '../areas/rental/flow/sections';

/*
 * The props every screen takes, apart from the lists that load the screens (registry.ts,
 * rental/sections.ts): a screen names its props without importing the list that loads it.
 */

/** Every section screen gets the section it is shown for (pay_bill and autopay share a screen). */
export type SectionScreenProps = { section: KioskSection };
export type SectionScreen = ComponentType<SectionScreenProps>;

/** Every rental section component gets the section it is shown for. */
export type RentalSectionProps = { section: SectionName };
export type RentalSectionComponent = ComponentType<RentalSectionProps>;
