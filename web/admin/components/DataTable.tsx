import type { ReactNode } from 'react';
import { confirm } from '../../components/feedback';
import { useT } from '../../i18n';

/** A header cell of a list table: its text, or the text with a class (e.g. the select-all cell). */
export type DataColumn = ReactNode | { label: ReactNode; className?: string };

function isColumnObject(column: DataColumn): column is { label: ReactNode; className?: string } {
  return typeof column === 'object' && column !== null && 'label' in column;
}

/**
 * A back-office list table: the header cells, then the actions column (unless `actions` is false: a
 * read-only table), the rows given as children, and the empty text (when set) below the table.
 */
export function DataTable({
  className = 'ac-table',
  columns,
  actions = true,
  empty,
  children,
}: {
  className?: string;
  columns: DataColumn[];
  actions?: boolean;
  empty?: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div className="ac-table-wrap">
      <table className={className}>
        <thead>
          <tr>
            {columns.map((column, index) =>
              isColumnObject(column) ? (
                <th key={index} className={column.className}>
                  {column.label}
                </th>
              ) : (
                <th key={index}>{column}</th>
              ),
            )}
            {actions && <th className="ac-col-actions">{t('admin.common.actions')}</th>}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {empty && <p className="ac-empty">{empty}</p>}
    </div>
  );
}

/** A list row's person cell: the name, with the login name below (data-label: the column's name on a phone). */
export function PersonCell({ label, name, username }: { label: string; name: string; username: string }) {
  return (
    <td data-label={label}>
      <span className="ac-strong">{name}</span>
      <p className="ac-muted">{username}</p>
    </td>
  );
}

/** The last cell of a list row: its action buttons. */
export function RowActions({ className = 'ac-row-actions', children }: { className?: string; children: ReactNode }) {
  return (
    <td className="ac-col-actions">
      <div className={className}>{children}</div>
    </td>
  );
}

/** A row's delete button: asks first (the confirm names what goes), then deletes. */
export function DeleteButton({
  busy,
  confirmText,
  onDelete,
  testId,
}: {
  busy: boolean;
  confirmText: string;
  onDelete: () => unknown;
  testId?: string;
}) {
  const t = useT();
  return (
    <button
      type="button"
      className="btn btn-small btn-danger-outline"
      disabled={busy}
      onClick={() =>
        void confirm({ text: confirmText, okText: t('admin.common.delete') }).then((ok) => {
          if (ok) void onDelete();
        })
      }
      data-testid={testId}
    >
      {t('admin.common.delete')}
    </button>
  );
}

/** A list that could not be loaded: the network error and a retry button. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <p className="ac-empty" role="alert">
      {t('common.networkError')}{' '}
      <button type="button" className="btn btn-small" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </p>
  );
}
