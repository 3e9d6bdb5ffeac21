import { useTranslation } from 'react-i18next';
import { stepPosition } from '../../flow/flow';
import type { SectionName } from '../../flow/sections';
import { useStores } from '../../../../shared/stores/StoresProvider';

/**
 * 'Step 2 of 7' for a step of the active list, counted as the visitor walks it (flow.ts
 * stepPosition); undefined on the hold, processing and confirmation screens. Call inside an observer.
 */
export function useStepLabel(section: SectionName): string | undefined {
  const { rental } = useStores();
  const { t } = useTranslation();
  const position = stepPosition(rental.flow, section);
  return position ? t('rental.steps.step_of', position) : undefined;
}
