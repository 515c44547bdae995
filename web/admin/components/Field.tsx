import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';

interface FieldProps {
  label: ReactNode;
  /** The server's (or the form's) complaint about this field. */
  error?: string;
  hint?: ReactNode;
  /** The one form control; it gets the id, aria-invalid and aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
  /** The field name for tests (data-field). */
  name?: string;
  wide?: boolean;
}

/** A labelled form field with its hint and error next to it. */
export function Field({ label, error, hint, children, name, wide }: FieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const control = isValidElement(children)
    ? cloneElement(children, {
        id: (children.props.id as string | undefined) ?? id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error || hint ? noteId : undefined,
      })
    : children;
  return (
    <div className={`ac-field${error ? ' has-error' : ''}${wide ? ' is-wide' : ''}`} data-field={name}>
      <label className="ac-label" htmlFor={(children.props.id as string | undefined) ?? id}>
        {label}
      </label>
      <div className="ac-control">
        {control}
        {(error || hint) && (
          <p id={noteId} className={error ? 'ac-error' : 'ac-hint'} role={error ? 'alert' : undefined}>
            {error || hint}
          </p>
        )}
      </div>
    </div>
  );
}

/** A checkbox with its label on the right, for flags. */
export function Check({
  label,
  checked,
  onChange,
  hint,
  name,
}: {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
  name?: string;
}) {
  return (
    <label className="ac-check" data-field={name}>
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>
        {label}
        {hint && <small className="ac-hint">{hint}</small>}
      </span>
    </label>
  );
}
