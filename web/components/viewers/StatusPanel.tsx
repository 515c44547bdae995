import type { Ware } from '../../../shared/schemas/learning';
import { useT } from '../../i18n';

/** Why a chapter's file is not shown as it should be: still converting, failed, missing tool, no content, or not viewable. */
export function statusText(ware: Ware, t: ReturnType<typeof useT>): string {
  if (ware.kind === 'file') return t('learn.status.file', { name: ware.fileName || ware.ext });
  switch (ware.status) {
    case 'missing':
      return t('learn.status.missing');
    case 'queued':
      return t('learn.status.queued');
    case 'converting':
      return t('learn.status.converting');
    case 'failed':
      return t('learn.status.failed', { message: ware.statusMessage || '-' });
    default:
      return t('learn.status.unconverted', { message: ware.statusMessage || ware.ext || '-' });
  }
}

/**
 * The status screen of a chapter whose file cannot be shown: the reason, a refresh while it converts,
 * and the download when the chapter allows it (spec 6).
 */
export function StatusPanel({
  ware,
  text,
  onRetry,
  testId = 'learn-status',
}: {
  ware: Ware;
  text?: string;
  onRetry?: () => void;
  testId?: string;
}) {
  const t = useT();
  const waiting = ware.status === 'queued' || ware.status === 'converting';
  return (
    <div className="learn-status" role="status" data-testid={testId} data-status={ware.status}>
      <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
        <circle cx="24" cy="24" r="21" fill="none" stroke="currentColor" strokeWidth="3" opacity=".25" />
        <path d="M24 13v13M24 32v3" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" />
      </svg>
      <p>{text ?? statusText(ware, t)}</p>
      {ware.download && ware.status !== 'missing' && (
        <p className="learn-status-hint">{t('learn.status.askDownload')}</p>
      )}
      <div className="learn-status-actions">
        {waiting && onRetry && (
          <button type="button" className="btn btn-light btn-small" onClick={onRetry}>
            {t('learn.refresh')}
          </button>
        )}
        {ware.download && ware.status !== 'missing' && (
          <a className="btn btn-primary btn-small" href={ware.download} download={ware.fileName || true}>
            {t('learn.download')}
          </a>
        )}
      </div>
    </div>
  );
}
