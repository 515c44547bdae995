import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { toast } from '../../../components/feedback';
import { examAdminCalls as calls } from '../../../../shared/calls/exam-admin';
import type { MarkingItem } from '../../../../shared/schemas/exam-admin';
import { request } from '../../../api/client';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText, fieldErrorsOf } from '../../api/errors';
import { LoadError } from '../../components/DataTable';
import { ListToolbar, Segmented } from '../../components/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { useFormatTime } from '../exams/format';

const PAGE_SIZE = 10;
const SOURCES = [
  { key: 'exam', label: 'admin.marking.source.exam' },
  { key: 'exercise', label: 'admin.marking.source.exercise' },
] as const;
const STATES = [
  { key: 'pending', label: 'admin.marking.state.pending' },
  { key: 'marked', label: 'admin.marking.state.marked' },
] as const;

/** One answer with the question, the model answer, the student's answer and the mark form (0..the question's points; full points is right). */
function MarkCard({ item, onMarked }: { item: MarkingItem; onMarked: () => Promise<unknown> }) {
  const t = useT();
  const formatTime = useFormatTime();
  const [point, setPoint] = useState(item.status === 'marked' ? String(item.point) : '');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (value: string) => {
    if (value.trim() === '') return setError(t('admin.common.required'));
    setBusy(true);
    const { source, sittingId, studentId, chapterId, qid } = item;
    const body = { source, sittingId, studentId, chapterId, qid, point: Number(value) };
    const reply = await request(calls.mark, { body });
    setBusy(false);
    if (reply.status !== 'ok') {
      setError(fieldErrorsOf(reply).point ?? failureText(t, reply));
      return;
    }
    setError('');
    toast(
      reply.data.sitting
        ? t('admin.marking.markedScore', { score: reply.data.sitting.score })
        : t('admin.marking.marked'),
    );
    await onMarked();
  };
  return (
    <article className="card ac-card" data-testid="marking-item" data-qid={item.qid}>
      <p className="ac-muted">
        {item.name} ({item.username}) · {item.where} · {formatTime(item.answeredAt)}
      </p>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitizeRichText on the server */}
      <div className="ac-rich" dangerouslySetInnerHTML={{ __html: item.content }} />
      <p>
        <span className="ac-label">{t('admin.marking.model')}</span>{' '}
        <span data-testid="model-answer">{item.modelAnswer}</span>
      </p>
      <p>
        <span className="ac-label">{t('admin.marking.given')}</span>{' '}
        <span data-testid="given-answer">{item.given}</span>
      </p>
      {item.status === 'marked' && (
        <p className="ac-muted">{t('admin.marking.current', { point: item.point, max: item.maxPoint })}</p>
      )}
      <form
        className="ac-inline-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit(point);
        }}
      >
        <label>
          {t('admin.marking.points', { max: item.maxPoint })}{' '}
          <input
            type="number"
            min={0}
            max={item.maxPoint}
            step={0.01}
            value={point}
            onChange={(event) => setPoint(event.target.value)}
            data-testid="mark-points"
          />
        </label>
        <button type="submit" className="btn btn-small btn-primary" disabled={busy} data-testid="mark-submit">
          {t('admin.marking.mark')}
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={busy}
          onClick={() => void submit(String(item.maxPoint))}
        >
          {t('admin.marking.full')}
        </button>
        <button type="button" className="btn btn-small" disabled={busy} onClick={() => void submit('0')}>
          {t('admin.marking.zero')}
        </button>
        {error && (
          <span className="ac-error" role="alert">
            {error}
          </span>
        )}
      </form>
    </article>
  );
}

/** Marking (阅卷, permission exam): short answers of submitted exams and of chapter exercises waiting for a mark, and those marked. */
export default function MarkingPage() {
  const t = useT();
  const { mutate: mutateAll } = useSWRConfig();
  const [source, setSource] = useState<(typeof SOURCES)[number]>(SOURCES[0]);
  const [state, setState] = useState<(typeof STATES)[number]>(STATES[0]);
  const [page, setPage] = useState(1);
  const { data, error, mutate } = useCall(
    calls.marking,
    { query: { source: source.key, status: state.key, page, num: PAGE_SIZE } },
    { keepPreviousData: true },
  );
  const refresh = async () => {
    await mutate();
    await mutateAll(
      (key) => Array.isArray(key) && [calls.exams.path, calls.sittings.path, calls.stats.path].includes(key[0]),
    );
  };
  return (
    <div className="ac-page" data-testid="marking-page">
      <PageHeader title={t('admin.menu.marking')} />
      <ListToolbar>
        <Segmented
          label={t('admin.marking.source')}
          options={SOURCES}
          value={source.key}
          onChange={(item) => (setPage(1), setSource(item))}
        />
        <Segmented
          label={t('admin.marking.state')}
          options={STATES}
          value={state.key}
          onChange={(item) => (setPage(1), setState(item))}
        />
      </ListToolbar>
      {error && !data && <LoadError onRetry={() => void mutate()} />}
      {data && data.list.length === 0 && (
        <p className="ac-empty">{t(state.key === 'pending' ? 'admin.marking.empty' : 'admin.marking.noneMarked')}</p>
      )}
      {(data?.list ?? []).map((item) => (
        <MarkCard
          key={`${item.source}/${item.sittingId}/${item.studentId}/${item.chapterId}/${item.qid}/${item.status}`}
          item={item}
          onMarked={refresh}
        />
      ))}
      {data && <Pager page={page} num={PAGE_SIZE} total={data.total} onPage={setPage} />}
    </div>
  );
}
