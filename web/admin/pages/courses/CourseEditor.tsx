import { useState } from 'react';
import { Link, NavLink, useNavigate, useParams } from 'react-router';
import type { Reply } from '../../../../shared/envelope';
import { courseCalls } from '../../../../shared/calls/courses';
import { toast } from '../../../components/feedback';
import { request } from '../../../api/client';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText, fieldErrorsOf } from '../../api/errors';
import { PageHeader } from '../../components/PageHeader';
import { useRevalidate } from '../../hooks/useRevalidate';
import { useEditableForm } from '../../hooks/useEditableForm';
import { MissingRecord } from '../../components/MissingRecord';
import { ChapterEditor } from './chapters/ChapterEditor';
import { EnrolmentKeyPanel } from '../codes/EnrolmentKeyPanel';
import { LearnersTab } from './LearnersTab';
import { AccessTab, DescriptionTab, InfoTab, PriceTab, StudyTab, type TabProps } from './CourseTabs';
import { QaList } from '../qa';
import { changesOf, COURSE_TABS, formOf, localErrors, settingsFirst, tabOfField, type CourseTab } from './course-form';

/** Field errors of a course/save or course/updateSet reply, by form field ('values.title' → 'title'). */
function courseFieldErrors(reply: Reply<unknown>): Record<string, string> {
  if (reply.status === 'ok') return {};
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(fieldErrorsOf(reply))) {
    const name = field.replace(/^(values|settings)\./, '');
    errors[name === 'authentication_gid' ? 'authentication_gid' : name] = message;
  }
  return errors;
}

/**
 * The course editor: tabs for info, description, price and validity, group restriction, study settings, chapters
 * and the learners holding it (grants).
 */
export default function CourseEditor() {
  const t = useT();
  const navigate = useNavigate();
  const revalidate = useRevalidate();
  const { coid = '', tab: tabParam } = useParams();
  const tab: CourseTab = COURSE_TABS.some((item) => item.key === tabParam) ? (tabParam as CourseTab) : 'info';
  const info = useCall(courseCalls.info, { params: { id: coid } }, { revalidateOnFocus: false });
  const { data: course, error, mutate } = info;
  const { base, form, errors, setErrors, dirty, change, reset } = useEditableForm(course, formOf, {
    stayWithin: (next) => next.pathname === `/courses/${coid}` || next.pathname.startsWith(`/courses/${coid}/`),
    alsoClears: { begin: 'vaildBeginTime', groups: 'authentication_gid' },
  });
  const [saving, setSaving] = useState(false);

  if (error && !course) {
    return <MissingRecord backTo="/courses" backLabel="admin.courses.backToList" testId="course-missing" />;
  }
  if (!course || !form || !base) return null;

  const fail = (found: Record<string, string>, reply?: Reply<unknown>) => {
    setErrors(found);
    // Show the first complaint: open the tab that holds its field.
    const first = Object.keys(found)[0];
    if (first && tabOfField(first) !== tab) navigate(`/courses/${coid}/${tabOfField(first)}`);
    toast(
      reply && reply.status !== 'ok' && Object.keys(found).length === 0
        ? failureText(t, reply)
        : t('admin.common.fixErrors'),
    );
  };

  const handleSave = async () => {
    const local = localErrors(form, t);
    if (Object.keys(local).length > 0) return fail(local);
    const { save, settings } = changesOf(coid, base, form);
    setSaving(true);
    const steps: (() => Promise<Reply<unknown>>)[] = [];
    const saveValues = save ? () => request(courseCalls.save, { body: save }) : null;
    const saveSettings = settings ? () => request(courseCalls.updateSettings, { body: { coid, settings } }) : null;
    if (settingsFirst(base, form)) steps.push(...[saveSettings, saveValues].filter((step) => step !== null));
    else steps.push(...[saveValues, saveSettings].filter((step) => step !== null));
    for (const step of steps) {
      const reply = await step();
      if (reply.status !== 'ok') {
        setSaving(false);
        return fail(courseFieldErrors(reply), reply);
      }
    }
    const fresh = await mutate();
    setSaving(false);
    if (fresh) {
      reset(fresh);
    }
    setErrors({});
    void revalidate('getcourselist');
    toast(t('admin.common.saved'));
  };

  const handlePublish = async () => {
    const reply = await request(courseCalls.publish, { body: { coid, pub: course.published ? '0' : '1' } });
    if (reply.status !== 'ok') return toast(failureText(t, reply));
    toast(reply.data.published ? t('admin.courses.publishedToast') : t('admin.courses.unpublishedToast'));
    await mutate();
    void revalidate('getcourselist');
  };

  const props: TabProps = { form, change, errors };
  const tabError = (key: CourseTab) => Object.keys(errors).some((field) => tabOfField(field) === key);

  return (
    <div className="ac-page" data-testid="course-editor">
      <PageHeader
        back={
          <Link to="/courses" className="ac-back" aria-label={t('admin.courses.backToList')}>
            ←
          </Link>
        }
        title={
          <>
            <span data-testid="editor-title">{course.title}</span>
            <span className={`ac-state ${course.published ? 'is-on' : ''}`} data-testid="editor-status">
              {course.published ? t('admin.courses.published') : t('admin.courses.draft')}
            </span>
          </>
        }
      >
        <a className="btn btn-small btn-text" href={`/course/${course.code}`} target="_blank" rel="noopener">
          {t('admin.course.viewOnSite')}
        </a>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => void handlePublish()}
          data-testid="toggle-publish"
        >
          {course.published ? t('admin.courses.unpublish') : t('admin.courses.publish')}
        </button>
      </PageHeader>

      <nav className="ac-tabs" aria-label={t('admin.course.tabs')}>
        {COURSE_TABS.map((item) => (
          <NavLink
            key={item.key}
            to={`/courses/${coid}/${item.key}`}
            className={() => `ac-tab${tab === item.key ? ' is-active' : ''}${tabError(item.key) ? ' has-error' : ''}`}
            data-tab={item.key}
          >
            {t(item.label)}
          </NavLink>
        ))}
      </nav>

      {tab === 'chapters' ? (
        <ChapterEditor coid={coid} />
      ) : tab === 'qa' ? (
        <QaList coid={coid} />
      ) : tab === 'learners' ? (
        <>
          <LearnersTab id={coid} />
          <EnrolmentKeyPanel coid={coid} />
        </>
      ) : (
        <form
          className="card ac-card ac-form"
          onSubmit={(event) => {
            event.preventDefault();
            void handleSave();
          }}
        >
          {tab === 'info' && <InfoTab {...props} />}
          {tab === 'description' && <DescriptionTab {...props} />}
          {tab === 'price' && <PriceTab {...props} />}
          {tab === 'access' && <AccessTab {...props} />}
          {tab === 'study' && <StudyTab {...props} />}
          <div className="ac-savebar">
            {dirty && <span className="ac-dirty">{t('admin.common.unsavedMark')}</span>}
            <button type="submit" className="btn btn-primary" disabled={!dirty || saving} data-testid="save-course">
              {saving ? t('admin.common.saving') : t('admin.common.save')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
