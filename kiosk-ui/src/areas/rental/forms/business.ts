import * as yup from 'yup';
import { emailRule, optionalString, requiredString, requiredYesNo } from '../../../forms/common';

/**
 * Business step (rental §5): 'Business Rental?' Yes or No; Yes asks for the company name
 * (business_contact_name) and a required, valid business email.
 */
export const businessSchema = yup.object({
  business_contact_needed: requiredYesNo(),
  business_contact_name: optionalString().when('business_contact_needed', {
    is: true,
    then: () => requiredString(),
  }),
  business_contact_email: optionalString().when('business_contact_needed', {
    is: true,
    then: () => emailRule(),
  }),
});
export type BusinessValues = yup.InferType<typeof businessSchema>;
