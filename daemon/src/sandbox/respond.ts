import {
  API_ROUTES,
  type ApiRouteName,
  type AppError,
  type AppOk,
  type FieldErrors,
  type Wrapped,
} from '@kiosk/shared-types';
import type { FastifyRequest } from 'fastify';
import { Type, type TObject, type TOptional, type TString } from 'typebox';
import { SandboxError } from './sandbox-error.js';
import type { SandboxState } from './state.js';

/**
 * The operator API's response wrapper, as every sandbox route answers it.
 *
 * Business outcomes (space not available, no reservation, invalid zip code, ...) answer HTTP 200
 * with status 'error': the kiosk reads `status`, like it does with the real operator API.
 * Only transport-level problems use HTTP codes: 401 missing api key, 404 unknown call or facility,
 * 400 malformed input, 500 a sandbox bug.
 */
export function ok<R>(result: R): Wrapped<AppOk<R>> {
  return { application_data: { status: 'ok', result } };
}

export function fail(error: { code?: string; message?: string; errors?: FieldErrors }): Wrapped<AppError> {
  return { application_data: { status: 'error', ...error } };
}

/** Sandbox-relative URLs in demo data start with this; they are made absolute on the way out. */
export const SANDBOX_URL_PREFIXES = ['/assets/', '/pages/'] as const;

/**
 * A copy of `value` with every sandbox-relative URL string made absolute against `origin`, so a
 * browser that only knows the daemon can still load sandbox assets straight from the sandbox.
 */
export function absolutizeUrls<T>(value: T, origin: string): T {
  if (typeof value === 'string') {
    return (SANDBOX_URL_PREFIXES.some((prefix) => value.startsWith(prefix)) ? origin + value : value) as T;
  }
  if (Array.isArray(value)) return value.map((item: unknown) => absolutizeUrls(item, origin)) as T;
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = absolutizeUrls(item, origin);
    return copy as T;
  }
  return value;
}

/** What every sandbox route file receives: the one shared world. */
export interface SandboxRouteOptions {
  state: SandboxState;
}

/** 'true', '1', 'yes' (any case) — how query flags arrive from forms and query strings. */
export function isTruthy(value: unknown): boolean {
  return typeof value === 'boolean'
    ? value
    : typeof value === 'string' && ['true', '1', 'yes'].includes(value.toLowerCase());
}

/** The sandbox path of an operator call, straight from the allow-list (so the two cannot drift). */
export function operatorPath(name: ApiRouteName): string {
  return `/${API_ROUTES[name].path}`;
}

/** Query and form values arrive as strings: a TypeBox object of string fields, `required` ones present. */
export function stringFields<const K extends string, const R extends K = never>(
  names: readonly K[],
  required: readonly R[] = [],
): TObject<{ [P in K]: P extends R ? TString : TOptional<TString> }> {
  const properties = Object.fromEntries(
    names.map((name) => [
      name,
      (required as readonly string[]).includes(name) ? Type.String() : Type.Optional(Type.String()),
    ]),
  );
  return Type.Object(properties) as TObject<{ [P in K]: P extends R ? TString : TOptional<TString> }>;
}

/** A request header's first value; absent or empty is undefined. */
export function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === '' ? undefined : first;
}

/** A form field that carries JSON (nested objects in forms are JSON-encoded); bad JSON is a 400. */
export function jsonField(value: string | undefined, field: string): unknown {
  if (value === undefined || value === '') return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new SandboxError(400, 'ValidationError', `${field} must be JSON.`, { [field]: ['Must be JSON.'] });
  }
}
