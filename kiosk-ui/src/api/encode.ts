/** A value of a form body or query string. Nested values are sent as JSON text. */
export type FieldValue =
  string | number | boolean | null | undefined | readonly unknown[] | { readonly [key: string]: unknown };

export type Fields = Readonly<Record<string, FieldValue>>;

/**
 * Form and query encoding of the operator API (CONVENTIONS "Upstream paths"): scalars as text,
 * nested objects and lists JSON-encoded (e.g. tenant_info, unit_ids), undefined left out,
 * null sent as an empty value.
 */
export function encodeFields(fields: Fields): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (value === null) params.append(name, '');
    else if (typeof value === 'object') params.append(name, JSON.stringify(value));
    else params.append(name, String(value));
  }
  return params;
}

/** '?a=1&b=2', or '' when there is nothing to send. */
export function queryString(fields: Fields | undefined): string {
  if (!fields) return '';
  const text = encodeFields(fields).toString();
  return text === '' ? '' : `?${text}`;
}
