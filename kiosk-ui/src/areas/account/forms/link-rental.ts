import * as yup from 'yup';
import { optionalString, requiredString } from '../../../forms/common';

/** Link a space to your account (shell §5): each of the four fields is required. */
export const linkRentalSchema = yup.object({
  facility_city: requiredString(),
  /** The chosen facility's id. */
  facility_address: requiredString(),
  unit_no: requiredString(),
  gate_code: requiredString(),
  phone: optionalString(),
});
export type LinkRentalValues = yup.InferType<typeof linkRentalSchema>;
