import type { FieldErrors } from '@kiosk/shared-types';

/**
 * Thrown by the sandbox's state and routes for a transport-level refusal (401, 404, 400); the
 * sandbox's error handler answers it. In its own module so the state never imports the routes'
 * helpers.
 */
export class SandboxError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = 'SandboxError';
  }
}
