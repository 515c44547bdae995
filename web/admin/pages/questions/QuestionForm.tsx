import { useState } from 'react';
import {
  choiceAnswer,
  choiceIds,
  MAX_OPTIONS,
  optionLetter,
  QUESTION_TYPE,
  SHORT_ANSWER_MAX,
} from '../../../../shared/rules/grading';
import { characters } from '../../../../shared/rules/text';
import {
  DIFFICULTIES,
  DIFFICULTY_DEFAULT,
  QUESTION_TYPES,
  type AdminQuestion,
  type NewQuestion,
  type QuestionIssueCode,
} from '../../../../shared/schemas/questions';
import type { Failure } from '../../../../shared/envelope';
import { toast } from '../../../components/feedback';
import { questionCalls as calls } from '../../../../shared/calls/questions';
import { request } from '../../../api/client';
import { flattenCategories } from '../../../api/questions';
import { useCall } from '../../../hooks/useCall';
import { useT, type Translate } from '../../../i18n';
import { failureText, fieldErrorsOf } from '../../api/errors';
import { Check, Field } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { RichTextEditor } from '../../components/RichTextEditor';
import { htmlToText, textToHtml } from './question-text';

interface OptionDraft {
  oid: string;
  text: string;
}

interface Draft {
  type: number;
  content: string;
  options: OptionDraft[];
  /** Correct option ids (choices). */
  correct: string[];
  trueFalse: '0' | '1';
  model: string;
  point: string;
  explanation: string;
  showAnswer: boolean;
  categoryId: string;
  difficulty: number;
  tags: string;
}

const blankOptions = (): OptionDraft[] => ['1', '2', '3', '4'].map((oid) => ({ oid, text: '' }));

function draftOf(question: AdminQuestion | null, categoryId: string): Draft {
  if (!question) {
    return {
      type: 0,
      content: '',
      options: blankOptions(),
      correct: [],
      trueFalse: '0',
      model: '',
      point: '1',
      explanation: '',
      showAnswer: true,
      categoryId,
      difficulty: DIFFICULTY_DEFAULT,
      tags: '',
    };
  }
  const choice = question.type === QUESTION_TYPE.single || question.type === QUESTION_TYPE.multiple;
  return {
    type: question.type,
    content: question.content,
    options: choice
      ? question.optiondata.map((option) => ({ oid: option.oid, text: htmlToText(option.content) }))
      : blankOptions(),
    correct: choice ? choiceIds(question.answer) : [],
    trueFalse: question.answer === '1' ? '1' : '0',
    model: question.type === QUESTION_TYPE.short ? question.answer : '',
    point: String(question.point),
    explanation: question.explanation,
    showAnswer: question.showAnswer,
    categoryId: question.categoryId,
    difficulty: question.difficulty,
    tags: question.tags.join(', '),
  };
}

/** The request of a draft (options as escaped text; the server numbers new options and checks each kind). */
function inputOf(draft: Draft): NewQuestion {
  const choice = draft.type === QUESTION_TYPE.single || draft.type === QUESTION_TYPE.multiple;
  const answer = choice
    ? choiceAnswer(draft.correct)
    : draft.type === QUESTION_TYPE.trueFalse
      ? draft.trueFalse
      : draft.model;
  return {
    type: draft.type,
    content: draft.content,
    optiondata: choice ? draft.options.map((option) => ({ oid: option.oid, content: textToHtml(option.text) })) : [],
    answer,
    point: Number(draft.point),
    explanation: draft.explanation,
    showAnswer: draft.showAnswer,
    categoryId: draft.categoryId,
    difficulty: draft.difficulty,
    tags: draft.tags
      .split(/[,，]/)
      .map((tag) => tag.trim())
      .filter(Boolean),
  };
}

/** Field errors of a refused save (fieldErrorsOf), a coded issue in the administrator's language (admin.questions.error.<code>). */
function errorsOf(t: Translate, reply: Failure): Record<string, string> {
  const data = (reply.data ?? {}) as { issues?: { code?: QuestionIssueCode; message?: string }[] };
  const issues = data.issues?.map((issue) =>
    issue.code ? { ...issue, message: t(`admin.questions.error.${issue.code}`) } : issue,
  );
  return fieldErrorsOf({ ...reply, data: { ...data, issues } });
}

/**
 * The create / edit form of a question: the kind, the content (rich text), the
 * options A..N for choices (add, remove, mark correct: one for single choice, any for multiple), true or false,
 * a model answer for a short answer (≤ 500 characters), points, explanation, show-answer, category, difficulty
 * and tags. Options are plain text here. The server checks each kind and answers the field errors shown.
 */
export function QuestionForm({
  question,
  defaultCategory,
  onClose,
  onSaved,
}: {
  question: AdminQuestion | null;
  defaultCategory: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useT();
  const [draft, setDraft] = useState<Draft>(() => draftOf(question, defaultCategory));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const categories = useCall(calls.categories, {});
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const choice = draft.type === QUESTION_TYPE.single || draft.type === QUESTION_TYPE.multiple;
  const nextOid = () => String(Math.max(0, ...draft.options.map((option) => Number(option.oid) || 0)) + 1);

  const markCorrect = (oid: string, on: boolean) => {
    if (draft.type === QUESTION_TYPE.single) set({ correct: on ? [oid] : [] });
    else set({ correct: on ? [...draft.correct, oid] : draft.correct.filter((id) => id !== oid) });
  };

  const handleSubmit = async () => {
    setBusy(true);
    const input = inputOf(draft);
    const reply = question
      ? await request(calls.update, { body: { ...input, qid: question.qid } })
      : await request(calls.add, { body: input });
    setBusy(false);
    if (reply.status !== 'ok') {
      const found = errorsOf(t, reply);
      setErrors(found);
      return toast(Object.values(found)[0] ?? failureText(t, reply));
    }
    toast(t('admin.questions.saved'));
    onSaved();
  };

  const optionError = (index: number) => errors[`optiondata.${index}.content`];

  return (
    <Modal
      wide
      title={question ? t('admin.questions.edit') : t('admin.questions.add')}
      submitText={t('admin.questions.form.save')}
      onSubmit={() => void handleSubmit()}
      onClose={onClose}
      busy={busy}
      testId="question-form"
    >
      <Field label={t('admin.questions.form.type')} name="type">
        <select
          value={draft.type}
          onChange={(event) => {
            const type = Number(event.target.value);
            set({ type, correct: type === QUESTION_TYPE.single ? draft.correct.slice(0, 1) : draft.correct });
          }}
          data-testid="question-type"
        >
          {QUESTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`admin.questions.type.${type}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('admin.questions.form.content')} error={errors.content} name="content" wide>
        <RichTextEditor
          value={draft.content}
          onChange={(content) => set({ content })}
          label={t('admin.questions.form.content')}
          invalid={!!errors.content}
          testId="question-content"
        />
      </Field>
      {choice && (
        <fieldset className="ac-field is-wide" data-field="optiondata">
          <legend className="ac-label">{t('admin.questions.form.options')}</legend>
          <ol className="ac-option-list" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {draft.options.map((option, index) => {
              const letter = optionLetter(index);
              const label = t('admin.questions.form.optionLabel', { letter });
              return (
                <li
                  key={option.oid}
                  data-testid="option-row"
                  style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 6 }}
                >
                  <strong aria-hidden="true">{letter}</strong>
                  <input
                    type="text"
                    value={option.text}
                    aria-label={label}
                    aria-invalid={optionError(index) ? true : undefined}
                    style={{ flex: 1, minWidth: 0 }}
                    onChange={(event) =>
                      set({
                        options: draft.options.map((other) =>
                          other.oid === option.oid ? { ...other, text: event.target.value } : other,
                        ),
                      })
                    }
                  />
                  <label className="ac-check">
                    <input
                      type={draft.type === QUESTION_TYPE.single ? 'radio' : 'checkbox'}
                      name="correct"
                      checked={draft.correct.includes(option.oid)}
                      onChange={(event) => markCorrect(option.oid, event.target.checked)}
                      aria-label={`${t('admin.questions.form.correct')} ${letter}`}
                    />
                    <span>{t('admin.questions.form.correct')}</span>
                  </label>
                  <button
                    type="button"
                    className="btn btn-small btn-text"
                    aria-label={`${t('admin.questions.form.removeOption')} ${letter}`}
                    onClick={() =>
                      set({
                        options: draft.options.filter((other) => other.oid !== option.oid),
                        correct: draft.correct.filter((id) => id !== option.oid),
                      })
                    }
                  >
                    ×
                  </button>
                  {optionError(index) && <span className="ac-error">{optionError(index)}</span>}
                </li>
              );
            })}
          </ol>
          <button
            type="button"
            className="btn btn-small"
            disabled={draft.options.length >= MAX_OPTIONS}
            onClick={() => set({ options: [...draft.options, { oid: nextOid(), text: '' }] })}
            data-testid="add-option"
          >
            {t('admin.questions.form.addOption')}
          </button>
          {(errors.optiondata || errors.answer) && (
            <p className="ac-error" role="alert">
              {errors.optiondata ?? errors.answer}
            </p>
          )}
        </fieldset>
      )}
      {draft.type === QUESTION_TYPE.trueFalse && (
        <Field label={t('admin.questions.form.answerTf')} error={errors.answer} name="answer">
          <select
            value={draft.trueFalse}
            onChange={(event) => set({ trueFalse: event.target.value === '1' ? '1' : '0' })}
            data-testid="true-false"
          >
            <option value="0">{t('admin.questions.true')}</option>
            <option value="1">{t('admin.questions.false')}</option>
          </select>
        </Field>
      )}
      {draft.type === QUESTION_TYPE.short && (
        <Field
          label={t('admin.questions.form.modelAnswer')}
          error={errors.answer}
          hint={`${characters(draft.model).length} / ${SHORT_ANSWER_MAX}`}
          name="answer"
          wide
        >
          <textarea
            rows={3}
            value={draft.model}
            onChange={(event) => set({ model: event.target.value })}
            data-testid="model-answer"
          />
        </Field>
      )}
      <Field label={t('admin.questions.form.points')} error={errors.point} name="point">
        <input
          type="number"
          min="0.5"
          step="0.5"
          value={draft.point}
          onChange={(event) => set({ point: event.target.value })}
          data-testid="question-points"
        />
      </Field>
      <Field label={t('admin.questions.form.category')} error={errors.categoryId} name="categoryId">
        <select
          value={draft.categoryId}
          onChange={(event) => set({ categoryId: event.target.value })}
          data-testid="question-category"
        >
          <option value="">{t('admin.questions.noCategory')}</option>
          {flattenCategories(categories.data?.tree ?? []).map(({ node, depth }) => (
            <option key={node.catid} value={node.catid}>
              {`${'\u00a0\u00a0'.repeat(depth)}${node.title}`}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('admin.questions.form.difficulty')} name="difficulty">
        <select value={draft.difficulty} onChange={(event) => set({ difficulty: Number(event.target.value) })}>
          {DIFFICULTIES.map((level) => (
            <option key={level} value={level}>
              {`${level} · ${t(`admin.questions.difficulty.${level}`)}`}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('admin.questions.form.tags')} name="tags">
        <input
          type="text"
          value={draft.tags}
          onChange={(event) => set({ tags: event.target.value })}
          data-testid="question-tags"
        />
      </Field>
      <Field label={t('admin.questions.form.explanation')} name="explanation" wide>
        <RichTextEditor
          value={draft.explanation}
          onChange={(explanation) => set({ explanation })}
          label={t('admin.questions.form.explanation')}
          testId="question-explanation"
        />
      </Field>
      <Check
        label={t('admin.questions.form.showAnswer')}
        checked={draft.showAnswer}
        onChange={(showAnswer) => set({ showAnswer })}
        name="showAnswer"
      />
    </Modal>
  );
}
