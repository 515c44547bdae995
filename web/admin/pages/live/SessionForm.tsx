import { useState } from 'react';
import { liveAdminCalls } from '../../../../shared/calls/live-admin';
import { LIVE_TITLE_MAX, type LiveSession } from '../../../../shared/schemas/live-admin';
import { request } from '../../../api/client';
import { toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText, fieldErrorsOf } from '../../api/errors';
import { Field } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { fromLocalInput, toLocalInput } from './parts';

const HOUR = 3_600_000;

/** The next whole hour from now. */
const nextHour = () => Math.ceil(Date.now() / HOUR) * HOUR;

/**
 * Schedules a session (no `session`) or edits one: live course, title, start, end, teacher. The server decides
 * (a live course of the school, start before end, at most 24 hours); its complaints show by their fields.
 */
export function SessionForm({
  session,
  onClose,
  onSaved,
}: {
  session?: LiveSession;
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  const t = useT();
  const { data: options } = useCall(liveAdminCalls.options, {});
  const start = session?.startAt ?? nextHour();
  const [coid, setCoid] = useState(session?.coid ?? '');
  const [title, setTitle] = useState(session?.title ?? '');
  const [startAt, setStartAt] = useState(toLocalInput(start));
  const [endAt, setEndAt] = useState(toLocalInput(session?.endAt ?? start + HOUR));
  const [teacherId, setTeacherId] = useState(session?.teacher?.id ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const courses = options?.courses ?? [];
  const chosenCourse = coid || courses[0]?.id || '';

  const handleSubmit = async () => {
    const from = fromLocalInput(startAt);
    const to = fromLocalInput(endAt);
    const missing: Record<string, string> = {};
    if (!chosenCourse) missing.coid = t('admin.common.required');
    if (!title.trim()) missing.title = t('admin.common.required');
    if (from === null) missing.startAt = t('admin.common.required');
    if (to === null) missing.endAt = t('admin.common.required');
    setErrors(missing);
    if (Object.keys(missing).length > 0 || from === null || to === null) return;
    const fields = { coid: chosenCourse, title: title.trim(), startAt: from, endAt: to, teacherId: teacherId || null };
    setBusy(true);
    const reply = session
      ? await request(liveAdminCalls.edit, { body: { id: session.id, ...fields } })
      : await request(liveAdminCalls.add, { body: fields });
    setBusy(false);
    if (reply.status !== 'ok') {
      const found = fieldErrorsOf(reply);
      setErrors(found);
      if (Object.keys(found).length === 0) toast(failureText(t, reply));
      return;
    }
    toast(session ? t('admin.live.saved') : t('admin.live.scheduled'));
    onSaved(reply.data.id);
  };

  return (
    <Modal
      title={session ? t('admin.live.edit') : t('admin.live.new')}
      submitText={t('admin.common.save')}
      onSubmit={() => void handleSubmit()}
      onClose={onClose}
      busy={busy}
      testId="live-session-form"
    >
      <Field label={t('admin.live.course')} error={errors.coid} name="coid">
        <select value={chosenCourse} onChange={(event) => setCoid(event.target.value)} data-testid="live-course">
          {courses.length === 0 && <option value="">{t('admin.live.noCourses')}</option>}
          {courses.map((course) => (
            <option key={course.id} value={course.id}>
              {course.title}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('admin.live.name')} error={errors.title} name="title">
        <input
          value={title}
          maxLength={LIVE_TITLE_MAX}
          onChange={(event) => setTitle(event.target.value)}
          data-testid="live-title"
        />
      </Field>
      <Field label={t('admin.live.startAt')} error={errors.startAt} name="startAt">
        <input
          type="datetime-local"
          value={startAt}
          onChange={(event) => setStartAt(event.target.value)}
          data-testid="live-start"
        />
      </Field>
      <Field label={t('admin.live.endAt')} error={errors.endAt} name="endAt">
        <input
          type="datetime-local"
          value={endAt}
          onChange={(event) => setEndAt(event.target.value)}
          data-testid="live-end"
        />
      </Field>
      <Field label={t('admin.live.teacher')} error={errors.teacherId} name="teacherId">
        <select value={teacherId} onChange={(event) => setTeacherId(event.target.value)} data-testid="live-teacher">
          <option value="">{t('admin.live.teacherMe')}</option>
          {(options?.teachers ?? []).map((teacher) => (
            <option key={teacher.id} value={teacher.id}>
              {teacher.name}
            </option>
          ))}
        </select>
      </Field>
    </Modal>
  );
}
