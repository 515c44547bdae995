import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { examAdminCalls as calls } from '../../../../shared/calls/exam-admin';
import type { Reply } from '../../../../shared/envelope';
import { EXAM_ADMIN_ERRORS } from '../../../../shared/schemas/exam-admin';
import { request } from '../../../api/client';
import { toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { DataTable, DeleteButton, LoadError, RowActions } from '../../components/DataTable';
import { ListToolbar, SearchForm, Segmented } from '../../components/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { PublishButton, PublishState } from '../../components/RowToggles';
import { useFormatTime } from './format';

const PAGE_SIZE = 20;
const STATES = [
  { key: 'all', status: undefined, label: 'admin.exams.filter.all' },
  { key: 'draft', status: 'draft', label: 'admin.exams.status.draft' },
  { key: 'published', status: 'published', label: 'admin.exams.status.published' },
] as const;

/** Exams (考试管理, permission exam): status, category, window, sittings and marks due; publish, edit, results, delete. */
export default function ExamsPage() {
  const t = useT();
  const formatTime = useFormatTime();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [key, setKey] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [state, setState] = useState<(typeof STATES)[number]>(STATES[0]);
  const [busy, setBusy] = useState(false);
  const categories = useCall(calls.categories, {});
  const { data, error, mutate } = useCall(
    calls.exams,
    { query: { page, num: PAGE_SIZE, key, categoryId, status: state.status } },
    { keepPreviousData: true },
  );
  const rows = data?.list ?? [];

  const run = async (work: () => Promise<Reply<unknown>>, done: string) => {
    setBusy(true);
    const reply = await work();
    setBusy(false);
    if (reply.status !== 'ok')
      return toast(
        reply.error === EXAM_ADMIN_ERRORS.sittingOpen ? t('admin.exams.sittingOpen') : failureText(t, reply),
      );
    toast(done);
    await mutate();
  };
  const window = (opensAt: number | null, closesAt: number | null) =>
    opensAt || closesAt ? `${formatTime(opensAt) || '…'} – ${formatTime(closesAt) || '…'}` : t('admin.exams.always');

  return (
    <div className="ac-page" data-testid="exams-page">
      <PageHeader title={t('admin.menu.exams')}>
        <button
          type="button"
          className="btn btn-primary btn-small"
          onClick={() => navigate('/exams/new')}
          data-testid="new-exam"
        >
          {t('admin.exams.new')}
        </button>
      </PageHeader>
      <section className="card ac-card">
        <ListToolbar>
          <SearchForm
            placeholder={t('admin.exams.search')}
            onSearch={(value) => {
              setPage(1);
              setKey(value);
            }}
          />
          <select
            value={categoryId}
            aria-label={t('admin.exams.category')}
            onChange={(event) => {
              setPage(1);
              setCategoryId(event.target.value);
            }}
          >
            <option value="">{t('admin.exams.allCategories')}</option>
            {(categories.data?.list ?? []).map((item) => (
              <option key={item.id} value={item.id}>
                {item.title}
              </option>
            ))}
          </select>
          <Segmented
            label={t('admin.exams.state')}
            options={STATES}
            value={state.key}
            onChange={(item) => {
              setPage(1);
              setState(item);
            }}
          />
        </ListToolbar>
        {error && !data ? (
          <LoadError onRetry={() => void mutate()} />
        ) : (
          <DataTable
            columns={[
              t('admin.exams.examTitle'),
              t('admin.exams.state'),
              t('admin.exams.category'),
              t('admin.exams.window'),
              t('admin.exams.duration'),
              t('admin.exams.sittings'),
            ]}
            empty={data && rows.length === 0 && t('admin.exams.empty')}
          >
            {rows.map((row) => (
              <tr key={row.id} data-testid="exam-row" data-title={row.title}>
                <td data-label={t('admin.exams.examTitle')}>
                  <Link to={`/exams/${row.id}`} className="ac-strong">
                    {row.title}
                  </Link>
                  <p className="ac-muted">
                    {row.chapterTitle ? t('admin.exams.onChapter', { chapter: row.chapterTitle }) : row.paperTitle}
                  </p>
                </td>
                <td data-label={t('admin.exams.state')}>
                  <PublishState published={row.status === 'published'} testId="exam-state" />
                </td>
                <td data-label={t('admin.exams.category')}>{row.categoryTitle}</td>
                <td data-label={t('admin.exams.window')}>{window(row.opensAt, row.closesAt)}</td>
                <td data-label={t('admin.exams.duration')}>{t('admin.exams.minutes', { minutes: row.durationMin })}</td>
                <td data-label={t('admin.exams.sittings')}>
                  {row.sittings}
                  {row.pendingMarks > 0 && (
                    <span className="badge">{t('admin.exams.marksDue', { count: row.pendingMarks })}</span>
                  )}
                </td>
                <RowActions>
                  <PublishButton
                    on={row.status === 'published'}
                    busy={busy}
                    run={run}
                    toggle={(next) => request(calls.publishExam, { body: { id: row.id, publish: next } })}
                  />
                  <Link to={`/exams/${row.id}/results`} className="btn btn-small" data-testid="exam-results">
                    {t('admin.exams.results')}
                  </Link>
                  <DeleteButton
                    busy={busy}
                    confirmText={t('admin.exams.deleteOne', { title: row.title })}
                    onDelete={() =>
                      run(() => request(calls.deleteExam, { body: { id: row.id } }), t('admin.exams.deleted'))
                    }
                  />
                </RowActions>
              </tr>
            ))}
          </DataTable>
        )}
        {data && <Pager page={page} num={PAGE_SIZE} total={data.total} onPage={setPage} />}
      </section>
    </div>
  );
}
