import type { MessageKey } from '../../../../shared/i18n';
import type { UploadState } from '../../../api/upload';
import { useT } from '../../../i18n';
import { formatSize } from './format';
import type { useUploads } from './useUploads';

const STATE_LABEL: Record<UploadState, MessageKey> = {
  uploading: 'upload.state.uploading',
  paused: 'upload.state.paused',
  processing: 'upload.state.processing',
  done: 'upload.state.done',
  error: 'upload.state.error',
  cancelled: 'upload.state.cancelled',
};

/** The upload list: a progress bar per file (0-100), pause and resume for resumable uploads, cancel. */
export function UploadPanel({ uploads }: { uploads: ReturnType<typeof useUploads> }) {
  const t = useT();
  if (uploads.rows.length === 0) return null;
  return (
    <section className="card ac-card rs-uploads" data-testid="upload-panel" aria-label={t('admin.resources.uploads')}>
      <div className="ac-section-head">
        <h2 className="section-title">{t('admin.resources.uploads')}</h2>
        <button type="button" className="btn btn-small btn-text" onClick={uploads.clearFinished}>
          {t('admin.resources.clearDone')}
        </button>
      </div>
      <ul className="rs-upload-list">
        {uploads.rows.map((row) => (
          <li
            key={row.id}
            className={`rs-upload is-${row.state}`}
            data-testid="upload-row"
            data-name={row.name}
            data-state={row.state}
          >
            <div className="rs-upload-head">
              <span className="rs-upload-name" title={row.name}>
                {row.name}
              </span>
              <span className="ac-muted">{formatSize(row.size)}</span>
              <span className="rs-upload-state">{t(STATE_LABEL[row.state])}</span>
              <span className="rs-upload-percent" data-testid="upload-percent">
                {row.state === 'error' || row.state === 'cancelled' ? '' : `${row.percent}%`}
              </span>
              <span className="ac-row-actions">
                {row.resumable && row.state === 'uploading' && (
                  <button type="button" className="btn btn-small" onClick={() => uploads.pause(row.id)}>
                    {t('upload.pause')}
                  </button>
                )}
                {row.resumable && row.state === 'paused' && (
                  <button type="button" className="btn btn-small btn-primary" onClick={() => uploads.resume(row.id)}>
                    {t('upload.resume')}
                  </button>
                )}
                {(row.state === 'uploading' || row.state === 'paused') && (
                  <button
                    type="button"
                    className="btn btn-small btn-text ac-danger-text"
                    onClick={() => uploads.cancel(row.id)}
                  >
                    {t('upload.cancel')}
                  </button>
                )}
              </span>
            </div>
            <div
              className="rs-progress"
              role="progressbar"
              aria-label={t('upload.progress', { name: row.name })}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={row.percent}
            >
              <span style={{ width: `${row.percent}%` }} />
            </div>
            {row.error && (
              <p className="rs-upload-error" role="alert">
                {row.error}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
