import { yupResolver } from '@hookform/resolvers/yup';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { AnyObjectSchema, InferType } from 'yup';

/**
 * What a form validated by `Schema` submits: the fields the schema checks as the schema casts
 * them (a select's '7' becomes 7), every other field as the form holds it (yup keeps keys its
 * schema does not name, e.g. a choice that only switches the flow).
 */
export type SchemaOutput<Schema extends AnyObjectSchema, Fields extends FieldValues> = Omit<
  Fields,
  keyof InferType<Schema>
> &
  InferType<Schema>;

/**
 * The resolver of a form validated by a yup schema, typed by the form and the schema together:
 * `useForm<Fields>({ resolver: schemaResolver(schema) })` holds `Fields` while the visitor types
 * (taken from the form it is given to, else the schema's own values) and hands `handleSubmit`
 * the schema's output (`SchemaOutput`). A form whose fields hold something other than what it
 * submits says both: `useForm<Fields, unknown, SchemaOutput<typeof schema, Fields>>`.
 */
export function schemaResolver<Schema extends AnyObjectSchema, Fields extends FieldValues = InferType<Schema>>(
  schema: Schema,
): Resolver<Fields, unknown, SchemaOutput<Schema, Fields>> {
  // The library types its resolver by the schema alone; the form's own fields are ours to name.
  return yupResolver(schema) as unknown as Resolver<Fields, unknown, SchemaOutput<Schema, Fields>>;
}
