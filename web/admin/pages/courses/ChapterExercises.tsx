import { useState } from 'react';
import useSWR, { type KeyedMutator } from 'swr';
import type { ChapterNode } from '../../../../shared/schemas/chapters';
import {
  EXERCISE_ERRORS,
  EXERCISE_TITLE_MAX,
  type ChapterExercises,
  type ExeList,
} from '../../../../shared/schemas/exercises';
import { toast } from '../../../components/feedback';
import { exerciseCalls } from '../../../../shared/calls/exercises';
import { request } from '../../../api/client';
import { unwrap } from '../../../hooks/fetcher';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { QuestionPicker, type PickedQuestion } from '../../components/QuestionPicker';

/**
 * The course editor's chapter exercises (spec 3 'Chapter' exer, exerc_count;
 * spec 7 course/exelist, course/updateExec): per chapter a button 'Exercises (n)' (or 'Add exercises') that
 * opens the set's editor — its title, its questions chosen and ordered from the bank (QuestionPicker), each
 * with its show-answer flag — saved through course/updateExec; an empty set detaches it.
 */

export type CourseExercises = { chapters: ChapterExercises[]; mutate: KeyedMutator<ExeList> };

/** The course's chapters with their exercise sets (course/exelist). */
export function useCourseExercises(coid: string): CourseExercises {
  // A POST read: its key names the course (useCall keys only a GET's path and query).
  const load = ([, id]: [string, string]) => unwrap(request(exerciseCalls.exeList, { body: { coid: id } }));
  const { data, mutate } = useSWR([exerciseCalls.exeList.path, coid], load, { revalidateOnFocus: false });
  return { chapters: data?.chapters ?? [], mutate };
}

function ExercisesEditor({
  coid,
  chapter,
  entry,
  onClose,
}: {
  coid: string;
  chapter: ChapterNode;
  entry: ChapterExercises | undefined;
  onClose: (saved: boolean) => void;
}) {
  const t = useT();
  const [title, setTitle] = useState(entry?.exer?.title ?? '');
  const [picked, setPicked] = useState<PickedQuestion[]>(() =>
    (entry?.questions ?? []).map((q) => ({ qid: q.qid, type: q.type, content: q.excerpt, point: q.point })),
  );
  const [shown, setShown] = useState<Record<string, boolean>>(() =>
    Object.fromEntries((entry?.questions ?? []).map((q) => [q.qid, q.showanswer])),
  );
  const [busy, setBusy] = useState(false);

  const save = async (questions: PickedQuestion[]) => {
    setBusy(true);
    const chosen = questions.map((q) => ({ qid: q.qid, showanswer: shown[q.qid] ?? true }));
    const body = { coid, cid: chapter.cid, title: title.trim(), questions: chosen };
    const reply = await request(exerciseCalls.updateExec, { body });
    setBusy(false);
    if (reply.status !== 'ok')
      return toast(
        reply.error === EXERCISE_ERRORS.unknownQuestion ? t('admin.exercises.unknownQuestion') : failureText(t, reply),
      );
    toast(t(questions.length > 0 ? 'admin.exercises.saved' : 'admin.exercises.removed'));
    onClose(true);
  };

  return (
    <div
      className="dialog-mask ac-modal-mask"
      onClick={(event) => event.target === event.currentTarget && !busy && onClose(false)}
    >
      <div
        className="dialog ac-modal ex-editor"
        role="dialog"
        aria-modal="true"
        aria-label={t('admin.exercises.dialogTitle', { title: chapter.title })}
        data-testid="exercises-editor"
        onKeyDown={(event) => event.key === 'Escape' && !busy && onClose(false)}
      >
        <h2 className="dialog-title">{t('admin.exercises.dialogTitle', { title: chapter.title })}</h2>
        <label className="ac-field">
          <span>{t('admin.exercises.setTitle')}</span>
          <input
            value={title}
            maxLength={EXERCISE_TITLE_MAX}
            placeholder={chapter.title}
            onChange={(event) => setTitle(event.target.value)}
            data-testid="exercises-title"
          />
        </label>
        <QuestionPicker selected={picked} onChange={setPicked} />
        {picked.length === 0 ? (
          <p className="ac-hint">{t('admin.exercises.noneChosen')}</p>
        ) : (
          <fieldset className="ex-show-answers">
            <legend>{t('admin.exercises.showAnswers')}</legend>
            {picked.map((question, index) => (
              <label
                key={question.qid}
                className="ex-show-answer"
                data-testid="exercises-showanswer"
                data-qid={question.qid}
              >
                <input
                  type="checkbox"
                  checked={shown[question.qid] ?? true}
                  onChange={(event) => setShown((current) => ({ ...current, [question.qid]: event.target.checked }))}
                />
                <span>
                  {index + 1}. {question.content}
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn" disabled={busy} onClick={() => onClose(false)}>
            {t('common.cancel')}
          </button>
          {entry?.exer && (
            <button
              type="button"
              className="btn btn-danger"
              disabled={busy}
              onClick={() => void save([])}
              data-testid="exercises-remove"
            >
              {t('admin.exercises.remove')}
            </button>
          )}
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => void save(picked)}
            data-testid="exercises-save"
          >
            {t('admin.exercises.save')}
          </button>
        </div>
      </div>
    </div>
  );
}

/** A chapter's 'Exercises (n)' / 'Add exercises' button and its editor; nothing for a chapter that only groups subchapters. */
export function ChapterExercisesControl({
  coid,
  chapter,
  exercises,
}: {
  coid: string;
  chapter: ChapterNode;
  exercises: CourseExercises;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const entry = exercises.chapters.find((item) => item.cid === chapter.cid);
  if (chapter.children.length > 0 && !entry?.exer) return null;
  const count = entry?.exerc_count ?? 0;
  return (
    <>
      <button
        type="button"
        className="btn btn-small btn-light"
        onClick={() => setOpen(true)}
        data-testid="chapter-exercises"
        data-count={count}
      >
        {count > 0 ? t('admin.exercises.button', { n: count }) : t('admin.exercises.add')}
      </button>
      {open && (
        <ExercisesEditor
          coid={coid}
          chapter={chapter}
          entry={entry}
          onClose={(saved) => {
            setOpen(false);
            if (saved) void exercises.mutate();
          }}
        />
      )}
    </>
  );
}
