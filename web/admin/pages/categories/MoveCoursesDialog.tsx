import { useState } from 'react';
import { categoryCalls } from '../../../../shared/calls/categories';
import type { CategoryNode } from '../../../../shared/schemas/categories';
import { request } from '../../../api/client';
import { toast } from '../../../components/feedback';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { CategorySelect } from '../../components/CategorySelect';
import { Field } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { subtreeIds } from '../../hooks/useCatalogue';

/** The category still holds courses (409): choose where they go, then move them and delete the category (course/movebeforedelcate). */
export function MoveCoursesDialog({
  node,
  courses,
  tree,
  onDone,
  onClose,
}: {
  node: CategoryNode;
  courses: number;
  tree: CategoryNode[];
  onDone: () => void;
  onClose: () => void;
}) {
  const t = useT();
  const [target, setTarget] = useState('0');
  const [busy, setBusy] = useState(false);

  const handleSubmit = async () => {
    setBusy(true);
    const body = { catid: node.catid, targetCatid: target };
    const reply = await request(categoryCalls.moveCoursesAndDelete, { body });
    setBusy(false);
    if (reply.status !== 'ok') return toast(failureText(t, reply));
    toast(t('admin.categories.movedAndDeleted', { count: reply.data.movedCourses }));
    onDone();
  };

  return (
    <Modal
      title={t('admin.categories.hasCoursesTitle')}
      submitText={t('admin.categories.moveAndDelete')}
      onSubmit={() => void handleSubmit()}
      onClose={onClose}
      busy={busy}
      danger
      testId="move-courses"
    >
      <p className="dialog-text">{t('admin.categories.hasCourses', { title: node.title, count: courses })}</p>
      <Field label={t('admin.categories.moveCoursesTo')} name="targetCatid">
        <CategorySelect
          tree={tree}
          value={target}
          onChange={setTarget}
          rootLabel={t('admin.course.noCategory')}
          disabledIds={subtreeIds(node)}
        />
      </Field>
    </Modal>
  );
}
