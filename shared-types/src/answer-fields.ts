import type { ApiRouteName } from './api-routes.js';

/**
 * What of an operator answer reaches the page (docs/security.md "Answers carry only what the
 * screen shows"). The daemon holds the operator's key, so an answer can carry more than the
 * visitor at the screen should see; it passes the page only what the screens show.
 *
 * - Gate and access codes are withheld from every answer, at any depth, except where a screen shows
 *   the code: the new rental's confirmation (rental spec §2 "Confirm rental") and the gate-code
 *   check of the visitor's own pick, which echoes what they typed.
 * - A call whose screen needs only part of its answer names the fields kept: the phone look-up
 *   before a one-time code tells whether an account exists, and nothing about it.
 */

/** Field names that hold a gate or access code, withheld from every answer unless the call shows them. */
export const WITHHELD_ANSWER_FIELDS = ['accessCode', 'access_code', 'gatecode', 'gate_code', 'gateCode', 'noke_pin'];

export interface AnswerFieldRule {
  /** Withheld fields this call's screen shows (under `application_data.result`). */
  shows?: readonly string[];
  /**
   * The object at this dotted path (from the answer's top) keeps only these fields; an object
   * kept with no fields still says that something was found.
   */
  keeps?: { path: string; fields: readonly string[] };
}

/** The calls whose answers pass other than with the withheld fields taken out. */
export const ANSWER_FIELDS: { readonly [N in ApiRouteName]?: AnswerFieldRule } = {
  // The confirmation shows the new rental's gate code and, at a smart-access facility, its PIN.
  rental: { shows: ['gatecode', 'noke_pin'] },
  // The visitor's own pick of a gate code, echoed when it is free.
  validateGatecode: { shows: ['gatecode'] },
  validateGatecodeGet: { shows: ['gatecode'] },
  // Before a one-time code: whether the phone has an account (shell spec §2 "Login").
  userByPhone: { keeps: { path: 'data.user', fields: [] } },
};

/** Whether a field name is a withheld one. */
export function isWithheldAnswerField(name: string): boolean {
  return WITHHELD_ANSWER_FIELDS.includes(name);
}

/**
 * The answer as the page may receive it, or the same object when nothing was taken out (so the
 * caller can send the operator's bytes unchanged). Pure; the input is not changed.
 */
export function answerForPage(route: ApiRouteName, answer: unknown): unknown {
  const rule = ANSWER_FIELDS[route];
  let result = withhold(answer, new Set(rule?.shows ?? []), 0);
  if (rule?.keeps) result = keepOnly(result, rule.keeps.path.split('.'), rule.keeps.fields);
  return result;
}

const MAX_DEPTH = 32;

function withhold(value: unknown, shown: ReadonlySet<string>, depth: number): unknown {
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    let changed = false;
    const items = value.map((item) => {
      const next = withhold(item, shown, depth + 1);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? items : value;
  }
  let copy: Record<string, unknown> | null = null;
  for (const [key, inner] of Object.entries(value)) {
    const withheld = isWithheldAnswerField(key) && !shown.has(key);
    const next = withheld ? undefined : withhold(inner, shown, depth + 1);
    if (withheld || next !== inner) {
      copy ??= { ...(value as Record<string, unknown>) };
      if (withheld) delete copy[key];
      else copy[key] = next;
    }
  }
  return copy ?? value;
}

function keepOnly(value: unknown, path: readonly string[], fields: readonly string[]): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  const [head, ...rest] = path;
  if (head === undefined) {
    return Object.fromEntries(fields.filter((field) => field in record).map((field) => [field, record[field]]));
  }
  if (!(head in record)) return value;
  const inner = record[head];
  const next = inner === null ? null : keepOnly(inner, rest, fields);
  return next === inner ? value : { ...record, [head]: next };
}
