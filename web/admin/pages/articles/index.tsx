import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { articleCalls } from '../../../../shared/calls/articles';
import { request } from '../../../api/client';
import { toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { DataTable, DeleteButton, RowActions } from '../../components/DataTable';
import { Field } from '../../components/Field';
import { ListToolbar, Segmented } from '../../components/ListToolbar';
import { Modal } from '../../components/Modal';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { useRevalidate } from '../../hooks/useRevalidate';
import { useRowAction } from '../../hooks/useRowAction';
import { PinButton, PublishButton, PublishState } from '../../components/RowToggles';

const PAGE_SIZE = 20;
const FILTERS = [
  { key: 'all', status: undefined, label: 'admin.articles.filter.all' },
  { key: 'draft', status: 0, label: 'admin.articles.filter.draft' },
  { key: 'published', status: 1, label: 'admin.articles.filter.published' },
] as const;

/** Articles (news): drafts and published ones in the students' order; create, publish, pin, move, delete. */
export default function ArticlesPage() {
  const t = useT();
  const navigate = useNavigate();
  const revalidate = useRevalidate();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>(FILTERS[0]);
  const query = { page, num: PAGE_SIZE, status: filter.status };
  const { data, mutate } = useCall(articleCalls.adminList, { query }, { keepPreviousData: true });
  const [creating, setCreating] = useState(false);
  const [title, setTitle] = useState('');
  const rows = data?.list ?? [];

  const { busy, setBusy, run } = useRowAction(async () => {
    await mutate();
    void revalidate('article/info');
  });

  const move = (aid: string, position: number) => request(articleCalls.move, { body: { aid, position } });
  const publish = (aid: string, on: boolean) => request(articleCalls.publish, { body: { aid, status: on ? 1 : 0 } });
  const pin = (aid: string, on: boolean) => request(articleCalls.pin, { body: { aid, pinned: on ? 1 : 0 } });
  const remove = (aid: string) => request(articleCalls.remove, { body: { aids: [aid] } });

  const handleCreate = async () => {
    if (!title.trim()) return toast(t('admin.common.required'));
    setBusy(true);
    const reply = await request(articleCalls.create, { body: { title: title.trim() } });
    setBusy(false);
    if (reply.status !== 'ok') return toast(failureText(t, reply));
    setCreating(false);
    toast(t('admin.articles.created'));
    void revalidate('article/admin/list');
    navigate(`/articles/${reply.data.aid}`);
  };

  return (
    <div className="ac-page" data-testid="articles-page">
      <PageHeader title={t('admin.articles.title')}>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            setTitle('');
            setCreating(true);
          }}
          data-testid="new-article"
        >
          {t('admin.articles.new')}
        </button>
      </PageHeader>
      <section className="card ac-card">
        <ListToolbar>
          <Segmented
            label={t('admin.courses.status')}
            options={FILTERS}
            value={filter.key}
            onChange={(item) => {
              setPage(1);
              setFilter(item);
            }}
          />
        </ListToolbar>
        <DataTable
          columns={[t('admin.articles.name'), t('admin.courses.statusCol'), t('admin.articles.createdAt')]}
          empty={data && rows.length === 0 && t('admin.articles.empty')}
        >
          {rows.map((row, index) => (
            <tr key={row.aid} data-testid="article-row" data-aid={row.aid}>
              <td data-label={t('admin.articles.name')}>
                <Link to={`/articles/${row.aid}`} className="ac-strong">
                  {row.title}
                </Link>
                {row.pinned && <span className="badge">{t('admin.courses.pinned')}</span>}
                {row.summary && <p className="ac-muted ac-summary">{row.summary}</p>}
              </td>
              <td data-label={t('admin.courses.statusCol')}>
                <PublishState published={row.status === 1} testId="article-status" />
              </td>
              <td data-label={t('admin.articles.createdAt')} className="ac-muted">
                {row.created.slice(0, 16)}
              </td>
              <RowActions>
                <Link className="btn btn-small" to={`/articles/${row.aid}`}>
                  {t('admin.common.edit')}
                </Link>
                <PublishButton on={row.status === 1} busy={busy} run={run} toggle={(next) => publish(row.aid, next)} />
                <PinButton on={row.pinned} busy={busy} run={run} toggle={(next) => pin(row.aid, next)} />
                <button
                  type="button"
                  className="btn btn-small btn-icon"
                  disabled={busy || index === 0}
                  aria-label={`${t('admin.common.moveUp')} ${row.title}`}
                  title={t('admin.common.moveUp')}
                  onClick={() => void run(() => move(row.aid, rows[index - 1].position), t('admin.common.moved'))}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="btn btn-small btn-icon"
                  disabled={busy || index >= rows.length - 1}
                  aria-label={`${t('admin.common.moveDown')} ${row.title}`}
                  title={t('admin.common.moveDown')}
                  onClick={() => void run(() => move(row.aid, rows[index + 1].position), t('admin.common.moved'))}
                >
                  ↓
                </button>
                <DeleteButton
                  busy={busy}
                  confirmText={t('admin.articles.deleteOne', { title: row.title })}
                  onDelete={() => run(() => remove(row.aid), t('admin.articles.deleted'))}
                />
              </RowActions>
            </tr>
          ))}
        </DataTable>
        {data && <Pager page={page} num={PAGE_SIZE} total={data.total} onPage={setPage} />}
      </section>
      {creating && (
        <Modal
          title={t('admin.articles.new')}
          submitText={t('admin.articles.createDraft')}
          onSubmit={() => void handleCreate()}
          onClose={() => setCreating(false)}
          busy={busy}
          testId="create-article"
        >
          <Field label={t('admin.articles.name')}>
            <input value={title} maxLength={100} onChange={(event) => setTitle(event.target.value)} />
          </Field>
        </Modal>
      )}
    </div>
  );
}
