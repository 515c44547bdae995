import type { Reply } from '../../../shared/envelope';
import { useT } from '../../i18n';

/** The published/draft state of a row. */
export function PublishState({ published, testId }: { published: boolean; testId?: string }) {
  const t = useT();
  return (
    <span className={`ac-state ${published ? 'is-on' : ''}`} data-testid={testId}>
      {published ? t('admin.courses.published') : t('admin.courses.draft')}
    </span>
  );
}

type Toggle = {
  on: boolean;
  busy: boolean;
  run: (work: () => Promise<Reply<unknown>>, done: string) => unknown;
  toggle: (next: boolean) => Promise<Reply<unknown>>;
};

/** Publish / unpublish a row. */
export function PublishButton({ on, busy, run, toggle }: Toggle) {
  const t = useT();
  return (
    <button
      type="button"
      className="btn btn-small"
      disabled={busy}
      onClick={() =>
        void run(() => toggle(!on), on ? t('admin.courses.unpublishedToast') : t('admin.courses.publishedToast'))
      }
    >
      {on ? t('admin.courses.unpublish') : t('admin.courses.publish')}
    </button>
  );
}

/** Pin / unpin a row. */
export function PinButton({ on, busy, run, toggle }: Toggle) {
  const t = useT();
  return (
    <button
      type="button"
      className="btn btn-small"
      disabled={busy}
      onClick={() =>
        void run(() => toggle(!on), on ? t('admin.courses.unpinnedToast') : t('admin.courses.pinnedToast'))
      }
    >
      {on ? t('admin.courses.unpin') : t('admin.courses.pin')}
    </button>
  );
}
