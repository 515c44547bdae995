import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { examAdminCalls as calls } from '../../../../shared/calls/exam-admin';
import { questionCalls } from '../../../../shared/calls/questions';
import { roundScore } from '../../../../shared/rules/exam-score';
import type { DrawRule } from '../../../../shared/schemas/exam-admin';
import { QUESTION_TYPES } from '../../../../shared/schemas/questions';
import { request } from '../../../api/client';
import { flattenCategories } from '../../../api/questions';
import { toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText, fieldErrorsOf } from '../../api/errors';
import { Field } from '../../components/Field';
import { MissingRecord } from '../../components/MissingRecord';
import { PageHeader } from '../../components/PageHeader';
import { QuestionPicker, type PickedQuestion } from '../../components/QuestionPicker';

type Mode = 'fixed' | 'random';

/**
 * A paper (/papers/new or /papers/:id): its title; fixed (questions chosen with the bank's picker, each with
 * its points in this paper, in order) or random (draw rules: bank category, kind, how many, points each);
 * the total follows, and the pass score must be above 0 and at most the total (the server checks the bank).
 */
export default function PaperEditor() {
  const t = useT();
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const paper = useCall(calls.paper, isNew ? null : { query: { id } });
  const categories = useCall(questionCalls.categories, {});
  const [title, setTitle] = useState('');
  const [mode, setMode] = useState<Mode>('fixed');
  const [picked, setPicked] = useState<PickedQuestion[]>([]);
  const [points, setPoints] = useState<Record<string, string>>({});
  const [rules, setRules] = useState<(Omit<DrawRule, 'count' | 'point'> & { count: string; point: string })[]>([]);
  const [pass, setPass] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const data = paper.data;
    if (!data) return;
    setTitle(data.title);
    setMode(data.mode);
    setPicked(data.questions.map((q) => ({ qid: q.qid, type: q.type, content: q.excerpt, point: q.bankPoint })));
    setPoints(Object.fromEntries(data.questions.map((q) => [q.qid, String(q.point)])));
    setRules(data.rules.map((rule) => ({ ...rule, count: String(rule.count), point: String(rule.point) })));
    setPass(String(data.passScore));
  }, [paper.data]);

  if (!isNew && paper.error) return <MissingRecord backTo="/papers" backLabel="admin.menu.papers" />;
  const pointOf = (q: PickedQuestion) => Number(points[q.qid] ?? q.point);
  const total = roundScore(
    mode === 'fixed'
      ? picked.reduce((sum, q) => sum + (pointOf(q) || 0), 0)
      : rules.reduce((sum, rule) => sum + (Number(rule.count) || 0) * (Number(rule.point) || 0), 0),
  );
  const flat = flattenCategories(categories.data?.tree ?? []);

  const save = async () => {
    setBusy(true);
    const drawn = rules.map((rule) => ({ ...rule, count: Number(rule.count), point: Number(rule.point) }));
    const body = {
      ...(isNew ? {} : { id }),
      title,
      mode,
      questions: mode === 'fixed' ? picked.map((q) => ({ qid: q.qid, point: pointOf(q) })) : [],
      rules:
        mode === 'random'
          ? drawn.map(({ categoryId, type, count, point }) => ({ categoryId, type, count, point }))
          : [],
      passScore: Number(pass),
    };
    const reply = await request(calls.savePaper, { body });
    setBusy(false);
    if (reply.status !== 'ok') {
      setErrors(fieldErrorsOf(reply));
      return toast(failureText(t, reply));
    }
    setErrors({});
    toast(t('admin.common.saved'));
    await mutate((key) => Array.isArray(key) && (key[0] === calls.papers.path || key[0] === calls.paper.path));
    if (isNew) navigate(`/papers/${reply.data.id}`, { replace: true });
  };

  const errorUnder = (prefix: string) => Object.entries(errors).find(([field]) => field.startsWith(prefix))?.[1];

  return (
    <div className="ac-page" data-testid="paper-editor">
      <PageHeader
        title={isNew ? t('admin.papers.new') : title}
        back={<Link to="/papers">← {t('admin.menu.papers')}</Link>}
      >
        <button
          type="button"
          className="btn btn-primary btn-small"
          disabled={busy}
          onClick={() => void save()}
          data-testid="save-paper"
        >
          {t('admin.common.save')}
        </button>
      </PageHeader>
      <section className="card ac-card ac-form">
        <Field label={t('admin.papers.paperTitle')} error={errors.title} name="title">
          <input value={title} maxLength={100} onChange={(event) => setTitle(event.target.value)} />
        </Field>
        <Field label={t('admin.papers.mode')} name="mode">
          <select value={mode} onChange={(event) => setMode(event.target.value as Mode)}>
            <option value="fixed">{t('admin.papers.mode.fixed')}</option>
            <option value="random">{t('admin.papers.mode.random')}</option>
          </select>
        </Field>
        {mode === 'fixed' ? (
          <>
            <QuestionPicker selected={picked} onChange={setPicked} />
            {errorUnder('questions') && (
              <p className="ac-error" role="alert">
                {errorUnder('questions')}
              </p>
            )}
            {picked.length > 0 && (
              <table className="ac-table" data-testid="paper-points">
                <thead>
                  <tr>
                    <th>#</th>
                    <th>{t('admin.exams.stat.question')}</th>
                    <th>{t('admin.papers.pointInPaper')}</th>
                  </tr>
                </thead>
                <tbody>
                  {picked.map((q, index) => (
                    <tr key={q.qid} data-qid={q.qid}>
                      <td>{index + 1}</td>
                      <td>
                        <span className="badge">{t(`admin.exams.kind.${q.type as 0 | 1 | 2 | 3}`)}</span> {q.content}
                      </td>
                      <td>
                        <input
                          type="number"
                          min={0.01}
                          step={0.01}
                          value={points[q.qid] ?? String(q.point)}
                          aria-label={`${t('admin.papers.pointInPaper')} ${index + 1}`}
                          onChange={(event) => setPoints({ ...points, [q.qid]: event.target.value })}
                        />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        ) : (
          <div data-testid="draw-rules">
            {rules.map((rule, index) => (
              <div key={index} className="ac-inline-form" data-testid="draw-rule">
                <select
                  value={rule.categoryId}
                  aria-label={t('admin.papers.rule.category')}
                  onChange={(event) =>
                    setRules(rules.map((r, i) => (i === index ? { ...r, categoryId: event.target.value } : r)))
                  }
                >
                  <option value="">{t('admin.papers.rule.wholeBank')}</option>
                  {flat.map(({ node, depth }) => (
                    <option key={node.catid} value={node.catid}>
                      {'　'.repeat(depth)}
                      {node.title}
                    </option>
                  ))}
                </select>
                <select
                  value={rule.type}
                  aria-label={t('admin.papers.rule.type')}
                  onChange={(event) =>
                    setRules(rules.map((r, i) => (i === index ? { ...r, type: Number(event.target.value) } : r)))
                  }
                >
                  {QUESTION_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`admin.exams.kind.${type}`)}
                    </option>
                  ))}
                </select>
                <input
                  type="number"
                  min={1}
                  value={rule.count}
                  aria-label={t('admin.papers.rule.count')}
                  placeholder={t('admin.papers.rule.count')}
                  onChange={(event) =>
                    setRules(rules.map((r, i) => (i === index ? { ...r, count: event.target.value } : r)))
                  }
                />
                <input
                  type="number"
                  min={0.01}
                  step={0.01}
                  value={rule.point}
                  aria-label={t('admin.papers.rule.point')}
                  placeholder={t('admin.papers.rule.point')}
                  onChange={(event) =>
                    setRules(rules.map((r, i) => (i === index ? { ...r, point: event.target.value } : r)))
                  }
                />
                <button
                  type="button"
                  className="btn btn-small btn-text"
                  onClick={() => setRules(rules.filter((_, i) => i !== index))}
                >
                  {t('admin.common.remove')}
                </button>
                {errorUnder(`rules.${index}`) && (
                  <span className="ac-error" role="alert">
                    {errorUnder(`rules.${index}`)}
                  </span>
                )}
              </div>
            ))}
            {errors.rules && (
              <p className="ac-error" role="alert">
                {errors.rules}
              </p>
            )}
            <button
              type="button"
              className="btn btn-small"
              onClick={() => setRules([...rules, { categoryId: '', type: 0, count: '1', point: '1' }])}
              data-testid="add-rule"
            >
              {t('admin.papers.rule.add')}
            </button>
          </div>
        )}
        <p className="ac-strong" data-testid="paper-total">
          {t('admin.papers.totalIs', { total })}
        </p>
        <Field label={t('admin.papers.pass')} error={errors.passScore} name="passScore">
          <input type="number" min={0.01} step={0.01} value={pass} onChange={(event) => setPass(event.target.value)} />
        </Field>
      </section>
    </div>
  );
}
