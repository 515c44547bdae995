import { useState } from 'react';
import { useNavigate } from 'react-router';
import { COURSE_TYPES } from './course-form';
import { toast } from '../../../components/feedback';
import { useT } from '../../../i18n';
import { courseCalls } from '../../../../shared/calls/courses';
import { request } from '../../../api/client';
import { fieldErrorsOf, failureText } from '../../api/errors';
import { CategorySelect } from '../../components/CategorySelect';
import { Field } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { useCategories } from '../../hooks/useCatalogue';
import { useRevalidate } from '../../hooks/useRevalidate';

/** New course: title, category and type; the draft opens in its editor. */
export function CreateCourseDialog({ onClose, catid }: { onClose: () => void; catid: string }) {
  const t = useT();
  const navigate = useNavigate();
  const revalidate = useRevalidate();
  const { tree } = useCategories();
  const [title, setTitle] = useState('');
  const [category, setCategory] = useState(catid);
  const [type, setType] = useState(0);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const handleSubmit = async () => {
    if (!title.trim()) return setErrors({ title: t('admin.common.required') });
    setBusy(true);
    const reply = await request(courseCalls.create, { body: { title: title.trim(), catid: category, type } });
    setBusy(false);
    if (reply.status !== 'ok') {
      const fields = fieldErrorsOf(reply);
      if (Object.keys(fields).length > 0) return setErrors(fields);
      return toast(failureText(t, reply));
    }
    toast(t('admin.courses.created'));
    void revalidate('getcourselist');
    onClose();
    navigate(`/courses/${reply.data.coid}`);
  };

  return (
    <Modal
      title={t('admin.courses.new')}
      submitText={t('admin.courses.create')}
      onSubmit={() => void handleSubmit()}
      onClose={onClose}
      busy={busy}
      testId="create-course"
    >
      <Field label={t('admin.course.title')} error={errors.title} name="title">
        <input type="text" value={title} maxLength={100} onChange={(event) => setTitle(event.target.value)} />
      </Field>
      <Field label={t('admin.course.category')} error={errors.catid} name="catid">
        <CategorySelect tree={tree} value={category} onChange={setCategory} rootLabel={t('admin.course.noCategory')} />
      </Field>
      <Field label={t('admin.course.type')} error={errors.type} name="type">
        <select value={type} onChange={(event) => setType(Number(event.target.value))}>
          {COURSE_TYPES.map((item) => (
            <option key={item.value} value={item.value}>
              {t(item.label)}
            </option>
          ))}
        </select>
      </Field>
    </Modal>
  );
}
