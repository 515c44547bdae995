import { useState, type ReactNode } from 'react';
import type { MessageKey } from '../../../shared/i18n';
import { useT } from '../../i18n';

/** The filter bar above a back-office list. */
export function ListToolbar({ children }: { children: ReactNode }) {
  return <div className="ac-filters">{children}</div>;
}

/**
 * The keyword search of a list: the typed text is a draft until submitted; onSearch gets it trimmed.
 * `initial` is the keyword in force (e.g. from the address) the draft starts from.
 */
export function SearchForm({
  placeholder,
  onSearch,
  initial = '',
  buttonText,
  maxLength,
  autoFocus,
}: {
  placeholder: string;
  onSearch: (keyword: string) => void;
  initial?: string;
  buttonText?: string;
  maxLength?: number;
  autoFocus?: boolean;
}) {
  const t = useT();
  const [draft, setDraft] = useState(initial);
  return (
    <form
      className="ac-inline-form"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft.trim());
      }}
    >
      <input
        type="search"
        autoFocus={autoFocus}
        value={draft}
        maxLength={maxLength}
        placeholder={placeholder}
        aria-label={placeholder}
        onChange={(event) => setDraft(event.target.value)}
      />
      <button type="submit" className="btn btn-small">
        {buttonText ?? t('common.search')}
      </button>
    </form>
  );
}

/** A row of pressed/unpressed buttons choosing one of a few states (all, draft, published...); labels are message keys. */
export function Segmented<T extends { key: string; label: MessageKey }>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly T[];
  value: string;
  onChange: (item: T) => void;
}) {
  const t = useT();
  return (
    <div className="ac-segmented" role="group" aria-label={label}>
      {options.map((item) => (
        <button
          key={item.key}
          type="button"
          className={value === item.key ? 'is-on' : ''}
          aria-pressed={value === item.key}
          onClick={() => onChange(item)}
        >
          {t(item.label)}
        </button>
      ))}
    </div>
  );
}
