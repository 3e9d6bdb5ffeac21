/**
 * Secret values removed wherever they show, whatever the field or text around them: the daemon's
 * configured API key and support token (the UI never knows them). Part of the log masking
 * (masking.ts, its public entry).
 */

/** What a removed value shows instead, in a field or in text. */
export const REMOVED = '[removed]';

/**
 * Secret values shorter than this are not searched for in text: a short value would shred
 * ordinary words, and no real API key or token is that short.
 */
export const MIN_SECRET_VALUE_LENGTH = 6;

/**
 * The forms a secret value takes in text: as is, JSON-escaped (a log line) and URI-encoded (a
 * query string or form body).
 */
export function secretForms(secretValues: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const secret of secretValues) {
    if (secret.length < MIN_SECRET_VALUE_LENGTH) continue;
    forms.add(secret);
    forms.add(JSON.stringify(secret).slice(1, -1));
    forms.add(encodeURIComponent(secret));
  }
  // Longest first, so a form that contains another is replaced whole.
  return [...forms].sort((a, b) => b.length - a.length);
}

/** Replace every occurrence of the given secret values in text by `[removed]`. */
export function removeSecretValues(text: string, secretValues: readonly string[]): string {
  return removeForms(text, secretForms(secretValues));
}

/** Text with every one of the forms (secretForms) replaced by `[removed]`. */
export function removeForms(text: string, forms: readonly string[]): string {
  let out = text;
  // A replacement can join the text around it into the secret again; a few passes undo that, and
  // text that still holds it after them is dropped whole.
  for (let pass = 0; pass < 4; pass += 1) {
    let changed = false;
    for (const form of forms) {
      if (out.includes(form)) {
        out = out.split(form).join(REMOVED);
        changed = true;
      }
    }
    if (!changed) return out;
  }
  return forms.some((form) => out.includes(form)) ? REMOVED : out;
}
