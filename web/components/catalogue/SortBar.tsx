import type { SortField } from '../../../shared/rules/catalogue-state';
import { useT } from '../../i18n';

function Arrow({ asc }: { asc: boolean }) {
  return (
    <svg className={`sort-arrow${asc ? ' is-asc' : ''}`} viewBox="0 0 10 14" width="8" height="12" aria-hidden="true">
      <path
        d="M5 1v12M1 9l4 4 4-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The sort bar (spec 4): default, learner count and newest; the last two toggle ascending/descending when chosen again. */
export function SortBar({
  sort,
  numAsc,
  timeAsc,
  onSort,
  total,
}: {
  sort: SortField;
  numAsc: boolean;
  timeAsc: boolean;
  onSort: (field: SortField) => void;
  total?: number;
}) {
  const t = useT();
  const item = (field: SortField, label: string, asc?: boolean) => {
    const active = sort === field;
    const direction = asc === undefined ? '' : asc ? t('catalogue.sort.asc') : t('catalogue.sort.desc');
    return (
      <button
        type="button"
        className={`sort-item${active ? ' is-active' : ''}`}
        aria-pressed={active}
        aria-label={direction ? `${label} (${direction})` : label}
        onClick={() => onSort(field)}
        data-testid={`sort-${field}`}
        data-asc={asc === undefined ? undefined : String(asc)}
      >
        {label}
        {asc !== undefined && <Arrow asc={asc} />}
      </button>
    );
  };
  return (
    <div className="sort-bar" role="group" aria-label={t('catalogue.sort.label')}>
      {item('def', t('catalogue.sort.def'))}
      {item('num', t('catalogue.sort.num'), numAsc)}
      {item('time', t('catalogue.sort.time'), timeAsc)}
      {total !== undefined && <span className="sort-total">{t('catalogue.total', { n: total })}</span>}
    </div>
  );
}
