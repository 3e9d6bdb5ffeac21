import * as yup from 'yup';
import { cardNumberRule, cvvRule, expiryPartRule, withExpiryNotInPast } from './card';
import { requiredString } from './common';
import type { Today } from '../utils/dates';
import { MESSAGES } from './messages';

export interface PayCardContext {
  today?: Today;
}

/**
 * Pay My Bill manual card form (shell §5). Same card rules as the rental form, but its own
 * spec writes the expiry message in lower case: 'invalid expiry date'.
 */
export function payCardSchema(ctx: PayCardContext = {}) {
  const schema = yup.object({
    card_name: requiredString(),
    card_number: cardNumberRule(),
    cc_exp_month: expiryPartRule(),
    cc_exp_year: expiryPartRule(),
    cvv: cvvRule('card_number'),
  });
  return withExpiryNotInPast(schema, MESSAGES.invalidExpiryDatePayBill, ctx.today);
}
export type PayCardValues = yup.InferType<ReturnType<typeof payCardSchema>>;
