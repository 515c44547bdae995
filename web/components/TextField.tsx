import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/** A labelled input of the site's forms (.field: the label above the input), for login, sign-up and account forms. */
export function TextField({ label, id, ...input }: { label: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const ownId = useId();
  const inputId = id ?? ownId;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} {...input} />
    </div>
  );
}
