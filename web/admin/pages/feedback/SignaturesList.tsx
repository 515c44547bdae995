import { feedbackCalls } from '../../../../shared/calls/feedback';
import { formatDateMinutes } from '../../../../shared/rules/dates';
import { useCall } from '../../../hooks/useCall';
import { useLocale, useT } from '../../../i18n';
import { DataTable, LoadError, PersonCell, RowActions } from '../../components/DataTable';
import { Pager } from '../../components/Pager';

const PAGE_SIZE = 20;

/** A course's signatures: student, chapter, time, and the image (served only to signed-in administrators of the course). */
export function SignaturesList({ coid, page, onPage }: { coid: string; page: number; onPage: (page: number) => void }) {
  const t = useT();
  const locale = useLocale();
  const query = { coid, page, num: PAGE_SIZE };
  const { data, error, mutate } = useCall(feedbackCalls.signatures, { query }, { keepPreviousData: true });
  const rows = data?.list ?? [];
  if (error && !data) return <LoadError onRetry={() => void mutate()} />;
  return (
    <>
      <DataTable
        className="ac-table"
        columns={[
          t('admin.feedback.signature'),
          t('admin.feedback.student'),
          t('admin.feedback.chapter'),
          t('admin.feedback.time'),
        ]}
        empty={data && rows.length === 0 && t('admin.feedback.noSignatures')}
      >
        {rows.map((row) => (
          <tr key={row.id} data-testid="signature-row">
            <td data-label={t('admin.feedback.signature')}>
              <img
                className="fb-sig-image"
                src={row.url}
                alt={t('admin.feedback.signatureAlt', { name: row.name })}
                loading="lazy"
                data-testid="signature-image"
              />
            </td>
            <PersonCell label={t('admin.feedback.student')} name={row.name} username={row.username} />
            <td data-label={t('admin.feedback.chapter')}>{row.chapterTitle ?? t('admin.feedback.wholeCourse')}</td>
            <td data-label={t('admin.feedback.time')} className="ac-muted">
              {formatDateMinutes(row.time * 1000, locale)}
            </td>
            <RowActions>
              <a className="btn btn-small" href={row.url} target="_blank" rel="noreferrer">
                {t('admin.feedback.openImage')}
              </a>
            </RowActions>
          </tr>
        ))}
      </DataTable>
      {data && <Pager page={page} num={PAGE_SIZE} total={data.total} onPage={onPage} />}
    </>
  );
}
