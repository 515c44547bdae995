import { useState } from 'react';
import { Link } from 'react-router';
import {
  REVIEW_REASON_MAX,
  REVIEW_STATUS_KEYS,
  RECORD_ERRORS,
  type ReviewItem,
  type ReviewStatusKey,
} from '../../../../shared/schemas/records';
import type { Reply } from '../../../../shared/envelope';
import { confirm, toast } from '../../../components/feedback';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { CourseSelect } from '../../components/CourseSelect';
import { DataTable, LoadError, PersonCell, RowActions } from '../../components/DataTable';
import { Field } from '../../components/Field';
import { ListToolbar, SearchForm, Segmented } from '../../components/ListToolbar';
import { Modal } from '../../components/Modal';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { useQueryFilters } from '../../hooks/useQueryFilters';
import { recordsCalls } from '../../../../shared/calls/records';
import { request } from '../../../api/client';
import { RECORDS_PAGE_SIZE as PAGE_SIZE } from '../../../api/records';
import { useCall } from '../../../hooks/useCall';
import { detailPath, useRecordFormat, VerifyBadge } from './parts';

const STATUS_OPTIONS = REVIEW_STATUS_KEYS.map((key) => ({ key, label: `admin.review.filter.${key}` as const }));

/**
 * Stage review (阶段审核, permission student; spec 4 'Growth plan order' and 'Next chapter flow': a stage
 * done but not verified waits for review in the back office): the studied stages of courses with review
 * on, pending first; approve (after a confirm) or reject with an optional reason. Filters in the address.
 */
export default function ReviewPage() {
  const t = useT();
  const format = useRecordFormat();
  const { params, page, setFilter } = useQueryFilters({ status: 'pending' });
  const status: ReviewStatusKey = (REVIEW_STATUS_KEYS as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as ReviewStatusKey)
    : 'pending';
  const coid = params.get('coid') ?? '';
  const key = params.get('key') ?? '';
  const { data, error, mutate } = useCall(
    recordsCalls.reviewList,
    { query: { status, coid: coid || undefined, key: key || undefined, page, num: PAGE_SIZE } },
    { keepPreviousData: true },
  );
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState<ReviewItem | null>(null);
  const [reason, setReason] = useState('');
  const rows = data?.list ?? [];

  const decide = async (row: ReviewItem, action: 'approve' | 'reject', why?: string): Promise<boolean> => {
    setBusy(true);
    const reply: Reply<unknown> = await request(recordsCalls.review, {
      body: { coid: row.coid, cid: row.cid, sid: row.sid, action, reason: why || undefined },
    });
    setBusy(false);
    if (reply.status !== 'ok') {
      toast(
        reply.error === RECORD_ERRORS.stageNotStudied ? t('admin.review.error.stageNotStudied') : failureText(t, reply),
      );
      return false;
    }
    const names = { name: row.name || row.username, stage: row.stage_title };
    toast(action === 'approve' ? t('admin.review.approved', names) : t('admin.review.rejected', names));
    await mutate();
    return true;
  };

  const handleApprove = async (row: ReviewItem) => {
    if (
      await confirm({
        text: t('admin.review.confirmApprove', { name: row.name || row.username, stage: row.stage_title }),
        okText: t('admin.review.approve'),
      })
    )
      await decide(row, 'approve');
  };

  const handleReject = async () => {
    if (!rejecting) return;
    if (await decide(rejecting, 'reject', reason.trim())) setRejecting(null);
  };

  return (
    <div className="ac-page rec-page" data-testid="review-page">
      <PageHeader title={t('admin.review.title')} />
      <section className="card ac-card">
        <p className="ac-muted rec-hint">{t('admin.review.hint')}</p>
        <ListToolbar>
          <Segmented
            label={t('admin.review.state')}
            options={STATUS_OPTIONS}
            value={status}
            onChange={(item) => setFilter({ status: item.key })}
          />
          <CourseSelect
            value={coid}
            label={t('admin.review.col.course')}
            emptyLabel={t('admin.review.allCourses')}
            testId="review-course"
            onChange={(value) => setFilter({ coid: value })}
          />
          <SearchForm
            key={key}
            placeholder={t('admin.review.searchStudent')}
            buttonText={t('admin.records.search')}
            initial={key}
            onSearch={(value) => setFilter({ key: value })}
          />
        </ListToolbar>
        {error && !data ? (
          <LoadError onRetry={() => void mutate()} />
        ) : (
          <DataTable
            className="ac-table rec-table"
            columns={[
              t('admin.review.col.student'),
              t('admin.review.col.course'),
              t('admin.review.col.stage'),
              t('admin.review.col.chapters'),
              t('admin.review.col.studiedAt'),
              t('admin.review.col.status'),
              t('admin.review.col.reviewedAt'),
            ]}
            empty={
              data &&
              rows.length === 0 &&
              (status === 'pending' && !coid && !key ? t('admin.review.empty.pending') : t('admin.review.empty'))
            }
          >
            {rows.map((row) => (
              <tr key={`${row.sid}:${row.cid}`} data-testid="review-row" data-sid={row.sid} data-cid={row.cid}>
                <PersonCell label={t('admin.review.col.student')} name={row.name} username={row.username} />
                <td data-label={t('admin.review.col.course')}>{row.course_title}</td>
                <td data-label={t('admin.review.col.stage')}>
                  <Link to={detailPath(row.sid, row.coid)} className="ac-strong">
                    {row.stage_title}
                  </Link>
                </td>
                <td data-label={t('admin.review.col.chapters')}>{row.chapters}</td>
                <td data-label={t('admin.review.col.studiedAt')} className="ac-muted">
                  {format.when(row.studied_at)}
                </td>
                <td data-label={t('admin.review.col.status')}>
                  <VerifyBadge status={row.verify_status} testId="review-state" />
                  {row.verify_status === 2 && row.reason && (
                    <span className="ac-muted rec-reason" data-testid="review-reason">
                      {row.reason}
                    </span>
                  )}
                </td>
                <td data-label={t('admin.review.col.reviewedAt')} className="ac-muted">
                  {format.when(row.reviewed_at)}
                </td>
                <RowActions>
                  {row.verify_status !== 1 && (
                    <button
                      type="button"
                      className="btn btn-small btn-primary"
                      disabled={busy}
                      onClick={() => void handleApprove(row)}
                      data-testid="review-approve"
                    >
                      {t('admin.review.approve')}
                    </button>
                  )}
                  {row.verify_status !== 2 && (
                    <button
                      type="button"
                      className="btn btn-small btn-danger-outline"
                      disabled={busy}
                      onClick={() => {
                        setReason('');
                        setRejecting(row);
                      }}
                      data-testid="review-reject"
                    >
                      {t('admin.review.reject')}
                    </button>
                  )}
                </RowActions>
              </tr>
            ))}
          </DataTable>
        )}
        {data && (
          <Pager page={page} num={PAGE_SIZE} total={data.total} onPage={(next) => setFilter({ page: String(next) })} />
        )}
      </section>
      {rejecting && (
        <Modal
          title={t('admin.review.rejectTitle', {
            name: rejecting.name || rejecting.username,
            stage: rejecting.stage_title,
          })}
          submitText={t('admin.review.confirmReject')}
          onSubmit={() => void handleReject()}
          onClose={() => setRejecting(null)}
          busy={busy}
          danger
          testId="reject-dialog"
        >
          <Field label={t('admin.review.reason')} hint={t('admin.review.reasonHint', { max: REVIEW_REASON_MAX })}>
            <textarea
              value={reason}
              maxLength={REVIEW_REASON_MAX}
              rows={4}
              onChange={(event) => setReason(event.target.value)}
              data-testid="reject-reason"
            />
          </Field>
        </Modal>
      )}
    </div>
  );
}
