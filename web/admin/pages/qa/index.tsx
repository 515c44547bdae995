import { useState } from 'react';
import { qaCalls } from '../../../../shared/calls/qa';
import { formatDateMinutes } from '../../../../shared/rules/dates';
import { formatClock } from '../../../../shared/rules/text';
import type { ManagedQuestion } from '../../../../shared/schemas/qa';
import { request } from '../../../api/client';
import { useCall } from '../../../hooks/useCall';
import { useLocale, useT } from '../../../i18n';
import { CourseSelect } from '../../components/CourseSelect';
import { DataTable, DeleteButton, LoadError, RowActions } from '../../components/DataTable';
import { ListToolbar, Segmented } from '../../components/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { useRowAction } from '../../hooks/useRowAction';
import { AnswerDialog } from './AnswerDialog';

const PAGE_SIZE = 20;
const FILTERS = [
  { key: 'all', state: undefined, label: 'admin.qa.filter.all' },
  { key: 'unanswered', state: 'unanswered', label: 'admin.qa.filter.unanswered' },
  { key: 'answered', state: 'answered', label: 'admin.qa.filter.answered' },
  { key: 'hidden', state: 'hidden', label: 'admin.qa.filter.hidden' },
] as const;

/**
 * Q&A (问答管理, permission course; issue 16): the questions students asked on the chapters of the courses
 * this administrator manages, with their answers; filters by course and state; answer, hide or show, delete.
 * The asker is notified of an answer. Desktop table, cards on a phone (the DataTable's mobile layout).
 */
export default function QaPage() {
  const t = useT();
  return (
    <div className="ac-page" data-testid="qa-page">
      <PageHeader title={t('admin.qa.title')} />
      <QaList />
    </div>
  );
}

/** The list with its filters; in the course editor's Q&A tab it is fixed to that course (no course filter). */
export function QaList({ coid: fixedCoid }: { coid?: string }) {
  const t = useT();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const [chosenCoid, setCoid] = useState('');
  const coid = fixedCoid ?? chosenCoid;
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>(FILTERS[0]);
  const [answering, setAnswering] = useState<ManagedQuestion | null>(null);
  const query = { page, num: PAGE_SIZE, coid: coid || undefined, state: filter.state };
  const { data, error, mutate } = useCall(qaCalls.manage, { query }, { keepPreviousData: true });
  const { busy, run } = useRowAction(() => mutate());
  const rows = data?.list ?? [];
  const time = (seconds: number) => formatDateMinutes(seconds * 1000, locale);

  const handleDelete = (qid: string) => run(() => request(qaCalls.remove, { body: { qid } }), t('admin.qa.deleted'));
  const toggleHidden = (row: ManagedQuestion) =>
    run(
      () => request(qaCalls.hide, { body: { qids: [row.qid], hidden: row.hidden ? 0 : 1 } }),
      row.hidden ? t('admin.qa.shownDone') : t('admin.qa.hiddenDone'),
    );

  return (
    <>
      <section className="card ac-card" data-testid="qa-list">
        <ListToolbar>
          {!fixedCoid && (
            <CourseSelect
              value={coid}
              label={t('admin.qa.course')}
              emptyLabel={t('admin.qa.allCourses')}
              testId="qa-course-filter"
              onChange={(value) => {
                setPage(1);
                setCoid(value);
              }}
            />
          )}
          <Segmented
            label={t('admin.qa.state')}
            options={FILTERS}
            value={filter.key}
            onChange={(item) => {
              setPage(1);
              setFilter(item);
            }}
          />
        </ListToolbar>
        {error && !data ? (
          <LoadError onRetry={() => void mutate()} />
        ) : (
          <DataTable
            className="ac-table ac-comment-table"
            columns={[
              t('admin.qa.question'),
              t('admin.qa.course'),
              t('admin.qa.asker'),
              t('admin.qa.time'),
              t('admin.qa.state'),
            ]}
            empty={data && rows.length === 0 && t('admin.qa.empty')}
          >
            {rows.map((row) => (
              <tr key={row.qid} data-testid="qa-row" data-qid={row.qid} className={row.hidden ? 'is-hidden' : ''}>
                <td data-label={t('admin.qa.question')} className="ac-comment-cell">
                  <p className="ac-comment-text">
                    {row.videoTime !== null && (
                      <span className="badge">{t('admin.qa.atTime', { time: formatClock(row.videoTime) })}</span>
                    )}{' '}
                    {row.body}
                  </p>
                  {row.answers.length > 0 && (
                    <ul className="ac-comment-replies">
                      {row.answers.map((answer) => (
                        <li key={answer.aid} data-testid="qa-admin-answer">
                          <span className="badge">{answer.role === 'admin' ? t('admin.qa.teacher') : answer.name}</span>
                          <span className="ac-comment-text">{answer.body}</span>
                          <span className="ac-muted">
                            {answer.name} · {time(answer.time)}
                          </span>
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td data-label={t('admin.qa.course')}>
                  <span className="ac-strong">{row.courseTitle}</span>
                  {row.chapterTitle && <p className="ac-muted">{t('admin.qa.chapter', { title: row.chapterTitle })}</p>}
                  {row.learnType && (
                    <a
                      className="ac-muted"
                      href={`/u/learn/${row.code}/${row.cid}/${row.learnType}`}
                      target="_blank"
                      rel="noreferrer"
                    >
                      {t('admin.qa.open')}
                    </a>
                  )}
                </td>
                <td data-label={t('admin.qa.asker')}>{row.name}</td>
                <td data-label={t('admin.qa.time')} className="ac-muted">
                  {time(row.time)}
                </td>
                <td data-label={t('admin.qa.state')}>
                  <span
                    className={`ac-state ${row.answered && !row.hidden ? 'is-on' : 'is-off'}`}
                    data-testid="qa-state"
                  >
                    {row.hidden
                      ? t('admin.qa.filter.hidden')
                      : row.answered
                        ? t('admin.qa.filter.answered')
                        : t('admin.qa.filter.unanswered')}
                  </span>
                </td>
                <RowActions>
                  <button
                    type="button"
                    className="btn btn-small"
                    disabled={busy}
                    onClick={() => setAnswering(row)}
                    data-testid="answer-question"
                  >
                    {t('admin.qa.answer')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-small"
                    disabled={busy}
                    onClick={() => void toggleHidden(row)}
                    data-testid="hide-question"
                  >
                    {row.hidden ? t('admin.qa.show') : t('admin.qa.hide')}
                  </button>
                  <DeleteButton
                    busy={busy}
                    confirmText={t('admin.qa.deleteOne', { name: row.name })}
                    onDelete={() => handleDelete(row.qid)}
                    testId="delete-question"
                  />
                </RowActions>
              </tr>
            ))}
          </DataTable>
        )}
        {data && <Pager page={page} num={PAGE_SIZE} total={data.total} onPage={setPage} />}
      </section>
      {answering && (
        <AnswerDialog
          question={answering}
          onClose={() => setAnswering(null)}
          onDone={() => {
            setAnswering(null);
            void mutate();
          }}
        />
      )}
    </>
  );
}
