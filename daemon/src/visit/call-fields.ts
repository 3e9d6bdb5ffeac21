/**
 * A call's query and form as fields, for the visit's checks. A field named twice is refused rather
 * than read one way here and another way by the operator (which may take the first of the two
 * where this would take the last).
 */

/** The fields of a query string or form body, or null when a name comes twice. */
export function singleFields(encoded: string): Record<string, string> | null {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(encoded)) {
    if (Object.hasOwn(fields, name)) return null;
    fields[name] = value;
  }
  return fields;
}

/** Whether a content type is a URL-encoded form (the operator API's default body). */
export function isFormContentType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  return contentType.split(';', 1)[0]!.trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

/** The form with the daemon's own values set (undefined: taken out), encoded again. */
export function rewriteForm(encoded: string, changes: Record<string, string | undefined>): string {
  const form = new URLSearchParams(encoded);
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) form.delete(name);
    else form.set(name, value);
  }
  return form.toString();
}
