import { Type, type Static } from 'typebox';
import type { DaemonError } from '@kiosk/shared-types';

/*
 * Route schemas and the handlers' types come from one source: a TypeBox schema is the JSON schema
 * Fastify validates with (same keywords, so the same 4xx messages), and the type provider infers
 * the handler's types from it. Declare a route on the instance the provider types:
 *
 *   const routes = app.withTypeProvider<TypeBoxTypeProvider>();
 *   const Body = Type.Object({ space_id: Type.String({ minLength: 1 }), note: Type.Optional(Type.String()) });
 *   routes.post('/thing', { schema: { body: Body } }, async (request) => request.body.space_id);
 *
 * `request.body` is `{ space_id: string; note?: string }` with no generic written by hand. Where
 * shared-types already names the shape for the UI, tie the two so they cannot drift:
 *
 *   type _BodyIsShared = Assert<Same<Static<typeof Body>, HoldRegistration>>;
 */

/** The daemon's error JSON (daemonError() in error-handler.ts), as a response schema. */
export const ErrorBody = Type.Object({
  statusCode: Type.Integer(),
  error: Type.String(),
  message: Type.String(),
  /** Why, as a word the UI can act on (daemonError's `reason`). */
  reason: Type.Optional(Type.String()),
});

/** true when A and B are the same type, else false. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Compiles only for true: `Assert<Same<A, B>>`. */
export type Assert<T extends true> = T;

type _ErrorBodyIsShared = Assert<Same<Static<typeof ErrorBody>, DaemonError>>;
