import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { announcementCalls } from '../../../../shared/calls/announcements';
import { ANNOUNCEMENT_TITLE_MAX } from '../../../../shared/schemas/announcements';
import { request } from '../../../api/client';
import { toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { DataTable, DeleteButton, RowActions } from '../../components/DataTable';
import { Field } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { PinButton, PublishButton } from '../../components/RowToggles';
import { useRevalidate } from '../../hooks/useRevalidate';
import { useRowAction } from '../../hooks/useRowAction';
import { AnnouncementState, ViewedCount } from './parts';

const PAGE_SIZE = 20;

/** Announcements (#/announcements): newest first with state and viewed of audience; create, publish, pin, delete. */
export default function AnnouncementsPage() {
  const t = useT();
  const navigate = useNavigate();
  const revalidate = useRevalidate();
  const [page, setPage] = useState(1);
  const { data, mutate } = useCall(
    announcementCalls.list,
    { query: { page, num: PAGE_SIZE } },
    { keepPreviousData: true },
  );
  const [creating, setCreating] = useState(false);
  const [title, setTitle] = useState('');
  const rows = data?.list ?? [];
  const { busy, setBusy, run } = useRowAction(() => mutate());

  const publish = (id: string, on: boolean) => request(announcementCalls.publish, { body: { id, publish: on } });
  const pin = (id: string, on: boolean) => request(announcementCalls.pin, { body: { id, pinned: on } });
  const remove = (id: string) => request(announcementCalls.remove, { body: { id } });

  const handleCreate = async () => {
    if (!title.trim()) return toast(t('admin.common.required'));
    setBusy(true);
    const reply = await request(announcementCalls.create, { body: { title: title.trim() } });
    setBusy(false);
    if (reply.status !== 'ok') return toast(failureText(t, reply));
    setCreating(false);
    void revalidate('update/announcement/list');
    navigate(`/announcements/${reply.data.id}`);
  };

  return (
    <div className="ac-page" data-testid="announcements-page">
      <PageHeader title={t('admin.announcements.title')}>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            setTitle('');
            setCreating(true);
          }}
          data-testid="new-announcement"
        >
          {t('admin.announcements.new')}
        </button>
      </PageHeader>
      <section className="card ac-card">
        <DataTable
          columns={[
            t('admin.announcements.name'),
            t('admin.announcements.state'),
            t('admin.announcements.viewed'),
            t('admin.announcements.createdAt'),
          ]}
          empty={data && rows.length === 0 && t('admin.announcements.empty')}
        >
          {rows.map((row) => (
            <tr key={row.id} data-testid="announcement-row" data-id={row.id}>
              <td data-label={t('admin.announcements.name')}>
                <Link to={`/announcements/${row.id}`} className="ac-strong">
                  {row.title}
                </Link>
                {row.pinned && <span className="badge">{t('admin.announcements.pinned')}</span>}
                <p className="ac-muted">
                  {row.audience === 'all'
                    ? t('admin.announcements.audienceAll')
                    : t('admin.announcements.audienceGroups')}
                </p>
              </td>
              <td data-label={t('admin.announcements.state')}>
                <AnnouncementState state={row.state} />
              </td>
              <td data-label={t('admin.announcements.viewed')}>
                <ViewedCount viewed={row.viewed} total={row.audienceSize} />
              </td>
              <td data-label={t('admin.announcements.createdAt')} className="ac-muted">
                {new Date(row.createdAt).toLocaleString()}
              </td>
              <RowActions>
                <Link className="btn btn-small" to={`/announcements/${row.id}`}>
                  {t('admin.common.edit')}
                </Link>
                <PublishButton
                  on={row.publishedAt !== null}
                  busy={busy}
                  run={run}
                  toggle={(next) => publish(row.id, next)}
                />
                <PinButton on={row.pinned} busy={busy} run={run} toggle={(next) => pin(row.id, next)} />
                <DeleteButton
                  busy={busy}
                  confirmText={t('admin.announcements.deleteOne', { title: row.title })}
                  onDelete={() => run(() => remove(row.id), t('admin.announcements.deleted'))}
                />
              </RowActions>
            </tr>
          ))}
        </DataTable>
        {data && <Pager page={page} num={PAGE_SIZE} total={data.total} onPage={setPage} />}
      </section>
      {creating && (
        <Modal
          title={t('admin.announcements.new')}
          submitText={t('admin.common.save')}
          onSubmit={() => void handleCreate()}
          onClose={() => setCreating(false)}
          busy={busy}
          testId="create-announcement"
        >
          <Field label={t('admin.announcements.name')}>
            <input
              value={title}
              maxLength={ANNOUNCEMENT_TITLE_MAX}
              onChange={(event) => setTitle(event.target.value)}
              data-testid="announcement-title-input"
            />
          </Field>
        </Modal>
      )}
    </div>
  );
}
