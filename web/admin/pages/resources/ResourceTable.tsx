import type { ResourceItem } from '../../../../shared/schemas/resources';
import { formatDateTime } from '../../../../shared/rules/dates';
import { formatClock } from '../../../../shared/rules/text';
import { useLocale, useT } from '../../../i18n';
import { DataTable, RowActions } from '../../components/DataTable';
import { formatSize, KIND_LABEL, STATUS_LABEL } from './format';

export interface ResourceRowActions {
  preview: (item: ResourceItem) => void;
  rename: (item: ResourceItem) => void;
  move: (item: ResourceItem) => void;
  remove: (item: ResourceItem) => void;
  retry: (item: ResourceItem) => void;
}

/** A resource's conversion state: a badge, with the tool's message for failed and unconverted ones. */
export function StatusBadge({ item }: { item: Pick<ResourceItem, 'status' | 'statusMessage'> }) {
  const t = useT();
  return (
    <span className="rs-status-cell">
      <span
        className={`badge rs-status rs-status-${item.status}`}
        data-testid="resource-status"
        data-status={item.status}
        title={item.statusMessage || undefined}
      >
        {(item.status === 'queued' || item.status === 'converting') && (
          <span className="rs-spinner" aria-hidden="true" />
        )}
        {t(STATUS_LABEL[item.status])}
      </span>
      {item.status === 'failed' && item.statusMessage && (
        <small className="rs-status-message">{item.statusMessage}</small>
      )}
      {item.status === 'unconverted' && (
        <small className="rs-status-message">
          {t('admin.resources.unconvertedHint', { message: item.statusMessage })}
        </small>
      )}
    </span>
  );
}

/** The library list: picture, name, kind, size and folder, status, use, upload time, row actions. */
export function ResourceTable({
  rows,
  busy,
  actions,
}: {
  rows: ResourceItem[];
  busy: boolean;
  actions: ResourceRowActions;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <DataTable
      className="ac-table rs-table"
      columns={[
        t('admin.resources.col.title'),
        t('admin.resources.col.status'),
        t('admin.resources.col.used'),
        t('admin.resources.col.time'),
      ]}
    >
      {rows.map((item) => {
        const uploaded = formatDateTime(item.createTime, locale);
        return (
          <tr key={item.rid} data-testid="resource-row" data-rid={item.rid} data-title={item.title}>
            <td data-label={t('admin.resources.col.title')}>
              <div className="ac-course-cell rs-cell">
                <button
                  type="button"
                  className="ac-thumb rs-thumb"
                  onClick={() => actions.preview(item)}
                  aria-label={`${t('admin.resources.preview')} ${item.title}`}
                >
                  {item.thumb ? (
                    <img src={item.thumb} alt="" loading="lazy" />
                  ) : (
                    <span aria-hidden="true">{item.ext || '?'}</span>
                  )}
                </button>
                <span className="ac-course-name">
                  <span className="ac-strong rs-title" data-testid="resource-title">
                    {item.title}
                  </span>
                  <span className="ac-muted rs-file" title={item.name}>
                    {t(KIND_LABEL[item.kind])} · {formatSize(item.size)}
                    {item.duration > 0 && ` · ${formatClock(item.duration)}`}
                    {item.pages > 0 && ` · ${t('admin.resources.pages', { count: item.pages })}`}
                    {' · '}
                    <span data-testid="resource-folder">{item.category.title || t('admin.resources.topLevel')}</span>
                  </span>
                  <span className="ac-muted rs-file">{item.name}</span>
                </span>
              </div>
            </td>
            <td data-label={t('admin.resources.col.status')}>
              <StatusBadge item={item} />
            </td>
            <td
              data-label={t('admin.resources.col.used')}
              className={`rs-nowrap${item.usedBy > 0 ? '' : ' ac-muted'}`}
              data-testid="resource-used"
            >
              {item.usedBy > 0 ? t('admin.resources.usedBy', { count: item.usedBy }) : t('admin.resources.unused')}
            </td>
            <td data-label={t('admin.resources.col.time')} className="ac-muted rs-time">
              {uploaded.slice(0, 10)}
              <br />
              {uploaded.slice(11, 16)}
            </td>
            <RowActions className="ac-row-actions rs-actions">
              <button type="button" className="btn btn-small btn-text" onClick={() => actions.preview(item)}>
                {t('admin.resources.preview')}
              </button>
              <button
                type="button"
                className="btn btn-small btn-text"
                disabled={busy}
                onClick={() => actions.rename(item)}
                aria-label={`${t('admin.resources.rename')} ${item.title}`}
              >
                {t('admin.resources.rename')}
              </button>
              <button
                type="button"
                className="btn btn-small btn-text"
                disabled={busy}
                onClick={() => actions.move(item)}
                aria-label={`${t('admin.resources.move')} ${item.title}`}
              >
                {t('admin.resources.move')}
              </button>
              {(item.status === 'failed' || item.status === 'unconverted') && (
                <button
                  type="button"
                  className="btn btn-small btn-text"
                  disabled={busy}
                  onClick={() => actions.retry(item)}
                >
                  {t('admin.resources.retry')}
                </button>
              )}
              <button
                type="button"
                className="btn btn-small btn-text ac-danger-text"
                disabled={busy}
                onClick={() => actions.remove(item)}
                aria-label={`${t('admin.resources.delete')} ${item.title}`}
              >
                {t('admin.resources.delete')}
              </button>
            </RowActions>
          </tr>
        );
      })}
    </DataTable>
  );
}
