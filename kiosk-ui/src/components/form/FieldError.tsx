/**
 * A field's message under the field. Pass the already translated text (e.g. from the form's
 * error via translateMessage); renders nothing when there is none. `id` lets the input point
 * at it with aria-describedby.
 */
export function FieldError({ id, message }: { id?: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="kiosk-field-error" role="alert">
      {message}
    </p>
  );
}
