import { useEffect, useState } from 'react';
import { useUnsavedChanges } from './useUnsavedChanges';

/**
 * The editing state of a record's form: the saved form (base), the edited one, field errors, and whether
 * they differ (dirty, which also warns before leaving). `change` applies a patch and clears the errors of
 * the fields it touches (plus any `alsoClears` names for fields the patch stands for).
 */
export function useEditableForm<R, F extends object>(
  record: R | undefined,
  formOf: (record: R) => F,
  options: { stayWithin?: Parameters<typeof useUnsavedChanges>[1]; alsoClears?: Record<string, string> } = {},
) {
  const [base, setBase] = useState<F | null>(null);
  const [form, setForm] = useState<F | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (record && !base) {
      setBase(formOf(record));
      setForm(formOf(record));
    }
  }, [record, base, formOf]);

  const dirty = !!base && !!form && JSON.stringify(base) !== JSON.stringify(form);
  useUnsavedChanges(dirty, options.stayWithin);

  /** Starts again from a freshly saved record. */
  const reset = (saved: R) => {
    setBase(formOf(saved));
    setForm(formOf(saved));
  };

  const change = (patch: Partial<F>) => {
    setForm((current) => (current ? { ...current, ...patch } : current));
    setErrors((current) => {
      const next = { ...current };
      for (const field of Object.keys(patch)) {
        delete next[field];
        const other = options.alsoClears?.[field];
        if (other) delete next[other];
      }
      return next;
    });
  };

  return { base, form, errors, setErrors, dirty, change, reset };
}
