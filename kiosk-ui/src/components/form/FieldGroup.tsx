import { useId, type ReactNode } from 'react';
import './form.css';

/** A titled group of fields in two columns ('Mailing Address', 'Driver License'). */
export function FieldGroup({
  title,
  children,
  className,
}: {
  title: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section className={['field-group', className ?? ''].join(' ').trim()} aria-labelledby={id}>
      <h2 id={id} className="field-group__title">
        {title}
      </h2>
      <div className="field-group__grid">{children}</div>
    </section>
  );
}
