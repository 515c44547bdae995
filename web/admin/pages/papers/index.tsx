import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Reply } from '../../../../shared/envelope';
import { examAdminCalls as calls } from '../../../../shared/calls/exam-admin';
import { EXAM_ADMIN_ERRORS } from '../../../../shared/schemas/exam-admin';
import { request } from '../../../api/client';
import { toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { DataTable, DeleteButton, LoadError, RowActions } from '../../components/DataTable';
import { ListToolbar, SearchForm } from '../../components/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { useFormatTime } from '../exams/format';

const PAGE_SIZE = 20;

/** Papers (试卷, permission exam): fixed or random, total and pass score, exams using each; new, edit, copy, delete. */
export default function PapersPage() {
  const t = useT();
  const formatTime = useFormatTime();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const { data, error, mutate } = useCall(
    calls.papers,
    { query: { page, num: PAGE_SIZE, key } },
    { keepPreviousData: true },
  );
  const rows = data?.list ?? [];

  const act = async (work: () => Promise<Reply<unknown>>, done: string) => {
    setBusy(true);
    const reply = await work();
    setBusy(false);
    if (reply.status !== 'ok')
      return toast(reply.error === EXAM_ADMIN_ERRORS.paperInUse ? t('admin.papers.inUse') : failureText(t, reply));
    toast(done);
    await mutate();
  };

  return (
    <div className="ac-page" data-testid="papers-page">
      <PageHeader title={t('admin.menu.papers')}>
        <button
          type="button"
          className="btn btn-primary btn-small"
          onClick={() => navigate('/papers/new')}
          data-testid="new-paper"
        >
          {t('admin.papers.new')}
        </button>
      </PageHeader>
      <section className="card ac-card">
        <ListToolbar>
          <SearchForm
            placeholder={t('admin.papers.search')}
            onSearch={(value) => {
              setPage(1);
              setKey(value);
            }}
          />
        </ListToolbar>
        {error && !data ? (
          <LoadError onRetry={() => void mutate()} />
        ) : (
          <DataTable
            columns={[
              t('admin.papers.paperTitle'),
              t('admin.papers.mode'),
              t('admin.papers.questions'),
              t('admin.papers.total'),
              t('admin.papers.pass'),
              t('admin.papers.usedBy'),
              t('admin.papers.updated'),
            ]}
            empty={data && rows.length === 0 && t('admin.papers.empty')}
          >
            {rows.map((row) => (
              <tr key={row.id} data-testid="paper-row" data-title={row.title}>
                <td data-label={t('admin.papers.paperTitle')}>
                  <Link to={`/papers/${row.id}`} className="ac-strong">
                    {row.title}
                  </Link>
                </td>
                <td data-label={t('admin.papers.mode')}>{t(`admin.papers.mode.${row.mode}`)}</td>
                <td data-label={t('admin.papers.questions')}>{row.questionCount}</td>
                <td data-label={t('admin.papers.total')}>{row.totalScore}</td>
                <td data-label={t('admin.papers.pass')}>{row.passScore}</td>
                <td data-label={t('admin.papers.usedBy')}>{t('admin.examCategories.exams', { count: row.exams })}</td>
                <td data-label={t('admin.papers.updated')} className="ac-muted">
                  {formatTime(row.updatedAt)}
                </td>
                <RowActions>
                  <Link to={`/papers/${row.id}`} className="btn btn-small">
                    {t('admin.common.edit')}
                  </Link>
                  <button
                    type="button"
                    className="btn btn-small"
                    disabled={busy}
                    onClick={() =>
                      void act(
                        () =>
                          request(calls.copyPaper, {
                            body: { id: row.id, title: t('admin.papers.copyTitle', { title: row.title }) },
                          }),
                        t('admin.papers.copied'),
                      )
                    }
                  >
                    {t('admin.papers.copy')}
                  </button>
                  <DeleteButton
                    busy={busy}
                    confirmText={t('admin.papers.deleteOne', { title: row.title })}
                    onDelete={() =>
                      act(() => request(calls.deletePaper, { body: { id: row.id } }), t('admin.exams.deleted'))
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
