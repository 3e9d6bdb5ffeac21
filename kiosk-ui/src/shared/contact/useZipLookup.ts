import { LIMITS } from '@kiosk/shared-types';
import type { FieldPath, FieldValues, PathValue, UseFormReturn } from 'react-hook-form';
import { useStores } from '../stores/StoresProvider';

/**
 * Zip -> state (rental §5): above 4 characters the zip is looked up and the state filled; a zip
 * the lookup refuses (or a failed call) clears the state. A late answer for an older zip is dropped.
 */
export function useZipLookup<T extends FieldValues>(
  form: UseFormReturn<T>,
  zipField: FieldPath<T>,
  stateField: FieldPath<T>,
) {
  const { identity } = useStores();
  return (zip: string) => {
    if (zip.length <= LIMITS.zipLookupAfter) return;
    void identity.lookupZipState(zip).then((state) => {
      if (form.getValues(zipField) !== zip) return;
      form.setValue(stateField, (state ?? '') as PathValue<T, FieldPath<T>>, {
        shouldDirty: true,
        shouldValidate: form.formState.isSubmitted,
      });
    });
  };
}
