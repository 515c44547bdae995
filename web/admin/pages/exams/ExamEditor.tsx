import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import useSWR, { useSWRConfig } from 'swr';
import { EXAM_ADMIN_ERRORS, EXAM_ADMIN_PAGE_MAX, SHOW_RESULTS } from '../../../../shared/schemas/exam-admin';
import { toast } from '../../../components/feedback';
import { examAdminCalls as calls } from '../../../../shared/calls/exam-admin';
import { request } from '../../../api/client';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText, fieldErrorsOf } from '../../api/errors';
import { COURSE_OPTIONS_KEY, listCourseOptions } from '../../../api/courses';
import { CourseSelect } from '../../components/CourseSelect';
import { Field } from '../../components/Field';
import { MissingRecord } from '../../components/MissingRecord';
import { PageHeader } from '../../components/PageHeader';
import { useGroups } from '../../hooks/useCatalogue';
import { fromLocalInput, toLocalInput } from './format';

interface Form {
  title: string;
  description: string;
  paperId: string;
  categoryId: string;
  durationMin: string;
  opensAt: string;
  closesAt: string;
  attempts: string;
  showResults: (typeof SHOW_RESULTS)[number];
  kind: 'standalone' | 'chapter';
  groups: string[];
  courses: { id: string; title: string }[];
  courseId: string;
  chapterId: string;
  optional: boolean;
}

const EMPTY: Form = {
  title: '',
  description: '',
  paperId: '',
  categoryId: '',
  durationMin: '60',
  opensAt: '',
  closesAt: '',
  attempts: '1',
  showResults: 'score',
  kind: 'standalone',
  groups: [],
  courses: [],
  courseId: '',
  chapterId: '',
  optional: false,
};

/**
 * An exam (/exams/new or /exams/:id): paper, category, minutes, opening window, attempts (0 unlimited), what
 * results the student sees, and who sits it: groups and courses of the school, or a chapter (an exam chapter
 * or a study plan's stage, optionally skippable). Saved as a draft; published from the list.
 */
export default function ExamEditor() {
  const t = useT();
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const exam = useCall(calls.exam, isNew ? null : { query: { id } });
  const papers = useCall(calls.papers, { query: { page: 1, num: EXAM_ADMIN_PAGE_MAX } });
  const categories = useCall(calls.categories, {});
  const { groups } = useGroups();
  const courseOptions = useSWR(COURSE_OPTIONS_KEY, listCourseOptions);
  const [form, setForm] = useState<Form>(EMPTY);
  const chapters = useCall(
    calls.examChapters,
    form.kind === 'chapter' && form.courseId ? { query: { courseId: form.courseId } } : null,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Form>) => setForm((current) => ({ ...current, ...patch }));

  useEffect(() => {
    const data = exam.data;
    if (!data) return;
    setForm({
      title: data.title,
      description: data.description,
      paperId: data.paperId,
      categoryId: data.categoryId,
      durationMin: String(data.durationMin),
      opensAt: toLocalInput(data.opensAt),
      closesAt: toLocalInput(data.closesAt),
      attempts: String(data.attempts),
      showResults: data.showResults,
      kind: data.chapterId ? 'chapter' : 'standalone',
      groups: data.groups.map((g) => g.id),
      courses: data.courses,
      courseId: data.courseId,
      chapterId: data.chapterId,
      optional: data.optional,
    });
  }, [exam.data]);

  if (!isNew && exam.error) return <MissingRecord backTo="/exams" backLabel="admin.menu.exams" />;

  const save = async () => {
    setBusy(true);
    const chapter = form.kind === 'chapter';
    const reply = await request(calls.saveExam, {
      body: {
        ...(isNew ? {} : { id }),
        title: form.title,
        description: form.description,
        paperId: form.paperId,
        categoryId: form.categoryId,
        durationMin: Number(form.durationMin),
        opensAt: fromLocalInput(form.opensAt),
        closesAt: fromLocalInput(form.closesAt),
        attempts: Number(form.attempts),
        showResults: form.showResults,
        groups: chapter ? [] : form.groups,
        courses: chapter ? [] : form.courses.map((c) => c.id),
        courseId: chapter ? form.courseId : '',
        chapterId: chapter ? form.chapterId : '',
        optional: chapter && form.optional,
      },
    });
    setBusy(false);
    if (reply.status !== 'ok') {
      setErrors(fieldErrorsOf(reply));
      return toast(
        reply.error === EXAM_ADMIN_ERRORS.chapterTaken ? t('admin.exams.chapterTaken') : failureText(t, reply),
      );
    }
    setErrors({});
    toast(t('admin.common.saved'));
    await mutate((key) => Array.isArray(key) && (key[0] === calls.exams.path || key[0] === calls.exam.path));
    if (isNew) navigate(`/exams/${reply.data.id}`, { replace: true });
  };

  return (
    <div className="ac-page" data-testid="exam-editor">
      <PageHeader
        title={isNew ? t('admin.exams.new') : form.title}
        back={<Link to="/exams">← {t('admin.menu.exams')}</Link>}
      >
        {!isNew && (
          <Link to={`/exams/${id}/results`} className="btn btn-small">
            {t('admin.exams.results')}
          </Link>
        )}
        <button
          type="button"
          className="btn btn-primary btn-small"
          disabled={busy}
          onClick={() => void save()}
          data-testid="save-exam"
        >
          {t('admin.common.save')}
        </button>
      </PageHeader>
      <section className="card ac-card ac-form">
        <Field label={t('admin.exams.examTitle')} error={errors.title} name="title">
          <input value={form.title} maxLength={100} onChange={(event) => set({ title: event.target.value })} />
        </Field>
        <Field label={t('admin.exams.paper')} error={errors.paperId} name="paperId">
          <select value={form.paperId} onChange={(event) => set({ paperId: event.target.value })}>
            <option value="">{t('admin.exams.choosePaper')}</option>
            {(papers.data?.list ?? []).map((paper) => (
              <option key={paper.id} value={paper.id}>
                {t('admin.exams.paperOption', { title: paper.title, total: paper.totalScore, pass: paper.passScore })}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('admin.exams.category')} error={errors.categoryId} name="categoryId">
          <select value={form.categoryId} onChange={(event) => set({ categoryId: event.target.value })}>
            <option value="">{t('admin.exams.noCategory')}</option>
            {(categories.data?.list ?? []).map((item) => (
              <option key={item.id} value={item.id}>
                {item.title}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('admin.exams.durationMinutes')} error={errors.durationMin} name="durationMin">
          <input
            type="number"
            min={1}
            max={1440}
            value={form.durationMin}
            onChange={(event) => set({ durationMin: event.target.value })}
          />
        </Field>
        <Field
          label={t('admin.exams.opensAt')}
          error={errors.opensAt}
          hint={t('admin.exams.windowHint')}
          name="opensAt"
        >
          <input
            type="datetime-local"
            value={form.opensAt}
            onChange={(event) => set({ opensAt: event.target.value })}
          />
        </Field>
        <Field label={t('admin.exams.closesAt')} error={errors.closesAt} name="closesAt">
          <input
            type="datetime-local"
            value={form.closesAt}
            onChange={(event) => set({ closesAt: event.target.value })}
          />
        </Field>
        <Field
          label={t('admin.exams.attempts')}
          error={errors.attempts}
          hint={t('admin.exams.attemptsHint')}
          name="attempts"
        >
          <input
            type="number"
            min={0}
            max={100}
            value={form.attempts}
            onChange={(event) => set({ attempts: event.target.value })}
          />
        </Field>
        <Field label={t('admin.exams.showResults')} name="showResults">
          <select
            value={form.showResults}
            onChange={(event) => set({ showResults: event.target.value as Form['showResults'] })}
          >
            {SHOW_RESULTS.map((value) => (
              <option key={value} value={value}>
                {t(`admin.exams.showResults.${value}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('admin.exams.description')} error={errors.description} name="description" wide>
          <textarea rows={4} value={form.description} onChange={(event) => set({ description: event.target.value })} />
        </Field>
        <Field label={t('admin.exams.audience')} name="kind">
          <select value={form.kind} onChange={(event) => set({ kind: event.target.value as Form['kind'] })}>
            <option value="standalone">{t('admin.exams.kind.standalone')}</option>
            <option value="chapter">{t('admin.exams.kind.chapter')}</option>
          </select>
        </Field>
        {form.kind === 'standalone' ? (
          <div className="ac-field is-wide" data-field="groups">
            <fieldset>
              <legend className="ac-label">{t('admin.exams.groups')}</legend>
              {groups.map((group) => (
                <label key={group.gid} className="ac-check">
                  <input
                    type="checkbox"
                    checked={form.groups.includes(group.gid)}
                    onChange={(event) =>
                      set({
                        groups: event.target.checked
                          ? [...form.groups, group.gid]
                          : form.groups.filter((g) => g !== group.gid),
                      })
                    }
                  />{' '}
                  {group.name}
                </label>
              ))}
            </fieldset>
            <div className="ac-inline-form">
              <CourseSelect
                value=""
                label={t('admin.exams.addCourse')}
                emptyLabel={t('admin.exams.addCourse')}
                testId="audience-course"
                onChange={(coid) => {
                  const title = courseOptions.data?.find((c) => c.coid === coid)?.title ?? coid;
                  if (coid && !form.courses.some((c) => c.id === coid))
                    set({ courses: [...form.courses, { id: coid, title }] });
                }}
              />
            </div>
            <ul className="ac-simple-list" data-testid="audience-courses">
              {form.courses.map((course) => (
                <li key={course.id}>
                  {course.title}{' '}
                  <button
                    type="button"
                    className="btn btn-small btn-text"
                    onClick={() => set({ courses: form.courses.filter((c) => c.id !== course.id) })}
                  >
                    {t('admin.common.remove')}
                  </button>
                </li>
              ))}
            </ul>
            {(errors.groups || errors.courses) && (
              <p className="ac-error" role="alert">
                {errors.groups || errors.courses}
              </p>
            )}
          </div>
        ) : (
          <>
            <Field label={t('admin.exams.course')} error={errors.courseId} name="courseId">
              <CourseSelect
                value={form.courseId}
                label={t('admin.exams.course')}
                emptyLabel={t('admin.exams.chooseCourse')}
                onChange={(coid) => set({ courseId: coid, chapterId: '' })}
              />
            </Field>
            <Field
              label={t('admin.exams.chapter')}
              error={errors.chapterId}
              hint={t('admin.exams.chapterHint')}
              name="chapterId"
            >
              <select value={form.chapterId} onChange={(event) => set({ chapterId: event.target.value })}>
                <option value="">{t('admin.exams.chooseChapter')}</option>
                {(chapters.data?.list ?? []).map((chapter) => (
                  <option
                    key={chapter.cid}
                    value={chapter.cid}
                    disabled={chapter.examId !== '' && chapter.examId !== id}
                  >
                    {chapter.stage ? t('admin.exams.stage', { title: chapter.title }) : chapter.title}
                  </option>
                ))}
              </select>
            </Field>
            <label className="ac-check">
              <input
                type="checkbox"
                checked={form.optional}
                onChange={(event) => set({ optional: event.target.checked })}
              />{' '}
              {t('admin.exams.optional')}
            </label>
          </>
        )}
      </section>
    </div>
  );
}
