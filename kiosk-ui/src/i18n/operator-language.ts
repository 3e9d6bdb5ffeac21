/**
 * The language of the operator's own texts (unit and plan names, additional-information fields,
 * agreements, its error messages): English. No operator call takes a language (docs/accessibility.md,
 * "Operator texts"), and Accept-Language asks for Spanish without a promise of getting it, so a
 * text from the operator is taken as English. Elements that show one carry `lang={OPERATOR_LANGUAGE}`:
 * on a Spanish screen a screen reader and the kiosk's speech read it with the English voice.
 */
export const OPERATOR_LANGUAGE = 'en';
