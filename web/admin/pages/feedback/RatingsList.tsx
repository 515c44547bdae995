import { feedbackCalls } from '../../../../shared/calls/feedback';
import { formatDateMinutes } from '../../../../shared/rules/dates';
import { RATING_SCORE_MAX } from '../../../../shared/rules/rating';
import { request } from '../../../api/client';
import { useCall } from '../../../hooks/useCall';
import { useLocale, useT } from '../../../i18n';
import { DataTable, DeleteButton, LoadError, PersonCell, RowActions } from '../../components/DataTable';
import { ListToolbar } from '../../components/ListToolbar';
import { Pager } from '../../components/Pager';
import { useRowAction } from '../../hooks/useRowAction';

const PAGE_SIZE = 20;

const deleteGrade = (id: string) => request(feedbackCalls.deleteGrades, { body: { ids: [id] } });

/** A course's ratings (one chapter's, or the course's own with cid 0): score, comment, student, time; average; delete with confirmation. */
export function RatingsList({
  coid,
  cid,
  page,
  onPage,
  onChapter,
}: {
  coid: string;
  cid: string;
  page: number;
  onPage: (page: number) => void;
  onChapter: (cid: string) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const query = { coid, cid: cid || undefined, page, num: PAGE_SIZE };
  const { data, error, mutate } = useCall(feedbackCalls.grades, { query }, { keepPreviousData: true });
  const { busy, run } = useRowAction(() => mutate());
  const rows = data?.list ?? [];
  if (error && !data) return <LoadError onRetry={() => void mutate()} />;
  return (
    <>
      <ListToolbar>
        <select
          value={cid}
          aria-label={t('admin.feedback.chapter')}
          onChange={(event) => onChapter(event.target.value)}
          data-testid="feedback-chapter"
        >
          <option value="">{t('admin.feedback.allChapters')}</option>
          <option value="0">{t('admin.feedback.wholeCourse')}</option>
          {(data?.chapters ?? []).map((chapter) => (
            <option key={chapter.cid} value={chapter.cid}>
              {chapter.title}
            </option>
          ))}
        </select>
        <span className="fb-average" data-testid="feedback-average">
          {data &&
            (data.average === null
              ? t('admin.feedback.noAverage')
              : t('admin.feedback.average', { average: data.average.toFixed(1), total: data.total }))}
        </span>
      </ListToolbar>
      <DataTable
        className="ac-table"
        columns={[
          t('admin.feedback.score'),
          t('admin.feedback.content'),
          t('admin.feedback.student'),
          t('admin.feedback.chapter'),
          t('admin.feedback.time'),
        ]}
        empty={data && rows.length === 0 && t('admin.feedback.noRatings')}
      >
        {rows.map((row) => (
          <tr key={row.id} data-testid="rating-row" data-id={row.id}>
            <td data-label={t('admin.feedback.score')}>
              <span
                className="fb-score"
                role="img"
                aria-label={t('admin.feedback.stars', { n: row.score })}
                title={t('admin.feedback.stars', { n: row.score })}
              >
                {'★'.repeat(row.score)}
                <span className="ac-muted">{'☆'.repeat(Math.max(0, RATING_SCORE_MAX - row.score))}</span>
              </span>
            </td>
            <td data-label={t('admin.feedback.content')}>
              <p className="fb-content">{row.content}</p>
            </td>
            <PersonCell label={t('admin.feedback.student')} name={row.name} username={row.username} />
            <td data-label={t('admin.feedback.chapter')}>{row.chapterTitle ?? t('admin.feedback.wholeCourse')}</td>
            <td data-label={t('admin.feedback.time')} className="ac-muted">
              {formatDateMinutes(row.time * 1000, locale)}
            </td>
            <RowActions>
              <DeleteButton
                busy={busy}
                confirmText={t('admin.feedback.deleteRating', { name: row.name })}
                onDelete={() => run(() => deleteGrade(row.id), t('admin.feedback.deleted'))}
                testId="delete-rating"
              />
            </RowActions>
          </tr>
        ))}
      </DataTable>
      {data && <Pager page={page} num={PAGE_SIZE} total={data.total} onPage={onPage} />}
    </>
  );
}
