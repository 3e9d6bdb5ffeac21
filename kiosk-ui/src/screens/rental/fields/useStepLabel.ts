import { useTranslation } from 'react-i18next';
import type { SectionName } from '../../../flow/sections';
import { useStores } from '../../../stores/StoresProvider';

/** 'Step 2 of 7' for a section of the active list (the reservation list is shorter); call inside an observer. */
export function useStepLabel(section: SectionName): string | undefined {
  const { rental } = useStores();
  const { t } = useTranslation();
  const list = rental.sections;
  const at = list.indexOf(section);
  return at < 0 ? undefined : t('rental.steps.step_of', { step: at + 1, total: list.length });
}
