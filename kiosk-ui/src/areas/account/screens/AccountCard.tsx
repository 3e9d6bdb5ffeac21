import type { TFunction } from 'i18next';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountMessage } from '../AccountStore';
import './account.css';

/** An account message as text: the server's own sentence, or a catalogue entry. */
export function accountMessageText(message: AccountMessage | null | undefined, t: TFunction): string {
  if (!message) return '';
  if ('text' in message) return message.text;
  return (t as unknown as (key: string, values?: Record<string, string | number>) => string)(
    message.key,
    message.values,
  );
}

export interface AccountCardProps {
  /** Left out where the surrounding frame or dialog already names the form (the rental context). */
  title?: ReactNode;
  prompt?: ReactNode;
  /** The form-wide message (the first __all__ message), shown above the form. */
  error?: AccountMessage | null;
  /** A confirmation shown above the form (e.g. after creating an account). */
  note?: ReactNode;
  children: ReactNode;
  /** Heading level: 1 on the pay-bill area, 2 inside a dialog or another page. */
  headingLevel?: 1 | 2;
}

/** The frame of an account form: title, prompt, form-wide error or note, the form. */
export function AccountCard({ title, prompt, error, note, children, headingLevel = 1 }: AccountCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const errorText = accountMessageText(error, t);
  const titled = title !== undefined;
  return (
    <section
      className={titled ? 'account-card' : 'account-card account-card--untitled'}
      aria-labelledby={titled ? titleId : undefined}
    >
      {titled ? (
        <Heading id={titleId} className="account-card__title">
          {title}
        </Heading>
      ) : null}
      {prompt ? <p className="account-card__prompt">{prompt}</p> : null}
      <div aria-live="assertive">
        {errorText ? (
          <p className="account-card__error" role="alert">
            {errorText}
          </p>
        ) : null}
      </div>
      {note ? (
        <p className="account-card__note" role="status">
          {note}
        </p>
      ) : null}
      {children}
    </section>
  );
}
