import { ValidationError, type AnySchema } from 'yup';
import { en } from './messages';

/**
 * Validates like react-hook-form's yup resolver (all errors, first message per field) and returns
 * each failing field's English text, so tests read like the spec: { tenant_email: 'Invalid email' }.
 */
export async function errorsOf(schema: AnySchema, values: unknown): Promise<Record<string, string>> {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!ValidationError.isError(error)) throw error;
    const errors: Record<string, string> = {};
    for (const inner of error.inner) {
      const path = inner.path ?? '';
      if (!(path in errors)) errors[path] = en(inner.message);
    }
    return errors;
  }
}

/** The English message of one field, or undefined when it passes. */
export async function errorOf(schema: AnySchema, values: unknown, field: string): Promise<string | undefined> {
  return (await errorsOf(schema, values))[field];
}
