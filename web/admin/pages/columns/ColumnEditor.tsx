import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { columnCalls } from '../../../../shared/calls/columns';
import type { AdminColumn, zUpdateColumn } from '../../../../shared/schemas/columns';
import { request } from '../../../api/client';
import { toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText, fieldErrorsOf } from '../../api/errors';
import { CoursePicker } from '../../components/CoursePicker';
import { Field } from '../../components/Field';
import { ImageField } from '../../components/ImageField';
import { PageHeader } from '../../components/PageHeader';
import { RichTextEditor } from '../../components/RichTextEditor';
import { ValidityFields } from '../../components/ValidityFields';
import { useColumnCates } from '../../hooks/useCatalogue';
import { useRevalidate } from '../../hooks/useRevalidate';
import { useEditableForm } from '../../hooks/useEditableForm';
import { MissingRecord } from '../../components/MissingRecord';
import { LearnersTab } from '../courses/LearnersTab';

interface ColumnForm {
  title: string;
  img: string;
  description: string;
  catid: string;
  actual: string;
  price: string;
  ce_type: number;
  ce_time: string;
  coids: string[];
}

const formOf = (column: AdminColumn): ColumnForm => ({
  title: column.title,
  img: column.img,
  description: column.description,
  catid: column.catid,
  actual: String(column.actual),
  price: String(column.price),
  ce_type: column.ce_type,
  ce_time: column.ce_time,
  coids: column.coids,
});

/**
 * A column: title, cover, description, category, prices, validity and its ordered courses; publish and pin; the
 * students holding it (grants to students and groups, codes, orders) with its grant history.
 */
export default function ColumnEditor() {
  const t = useT();
  const { id = '' } = useParams();
  const {
    data: column,
    error,
    mutate,
  } = useCall(columnCalls.adminInfo, { params: { column_id: id } }, { revalidateOnFocus: false });
  const { cates } = useColumnCates();
  const revalidate = useRevalidate();
  const { base, form, errors, setErrors, dirty, change, reset } = useEditableForm(column, formOf);
  const [saving, setSaving] = useState(false);

  if (error && !column) {
    return <MissingRecord backTo="/columns" backLabel="admin.columns.backToList" />;
  }
  if (!column || !form || !base) return null;

  const handleSave = async () => {
    const money = (value: string) => value.trim() !== '' && Number.isFinite(Number(value)) && Number(value) >= 0;
    const local: Record<string, string> = {};
    if (!form.title.trim()) local.title = t('admin.common.required');
    if (!money(form.actual)) local.actual = t('admin.common.badMoney');
    if (!money(form.price)) local.price = t('admin.common.badMoney');
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return toast(t('admin.common.fixErrors'));
    }
    const patch: z.input<typeof zUpdateColumn> = { column_id: id };
    if (form.title !== base.title) patch.title = form.title.trim();
    if (form.img !== base.img) patch.img = form.img.trim();
    if (form.description !== base.description) patch.description = form.description;
    if (form.catid !== base.catid) patch.catid = form.catid;
    if (form.actual !== base.actual) patch.actual = Number(form.actual);
    if (form.price !== base.price) patch.price = Number(form.price);
    if (form.ce_type !== base.ce_type || form.ce_time !== base.ce_time) {
      patch.ce_type = form.ce_type;
      patch.ce_time = form.ce_type === 0 ? '' : form.ce_time;
    }
    setSaving(true);
    if (Object.keys(patch).length > 1) {
      const reply = await request(columnCalls.save, { body: patch });
      if (reply.status !== 'ok') {
        setSaving(false);
        const found = fieldErrorsOf(reply);
        setErrors(found);
        return toast(Object.keys(found).length > 0 ? t('admin.common.fixErrors') : failureText(t, reply));
      }
    }
    if (form.coids.join(',') !== base.coids.join(',')) {
      const reply = await request(columnCalls.setCourses, { body: { column_id: id, coids: form.coids } });
      if (reply.status !== 'ok') {
        setSaving(false);
        return toast(failureText(t, reply));
      }
    }
    const fresh = await mutate();
    setSaving(false);
    if (fresh) {
      reset(fresh);
    }
    void revalidate('column/admin/list', 'column/cate/list');
    toast(t('admin.common.saved'));
  };

  const toggle = async (kind: 'pub' | 'top') => {
    const reply =
      kind === 'pub'
        ? await request(columnCalls.publish, { body: { column_id: id, pub: column.pub ? 0 : 1 } })
        : await request(columnCalls.pin, { body: { column_id: id, top: column.top === 0 ? 1 : 0 } });
    if (reply.status !== 'ok') return toast(failureText(t, reply));
    toast(t('admin.common.saved'));
    await mutate();
    void revalidate('column/admin/list');
  };

  return (
    <div className="ac-page" data-testid="column-editor">
      <PageHeader
        back={
          <Link to="/columns" className="ac-back" aria-label={t('admin.columns.backToList')}>
            ←
          </Link>
        }
        title={
          <>
            <span>{column.title}</span>
            <span className={`ac-state ${column.pub ? 'is-on' : ''}`}>
              {column.pub ? t('admin.courses.published') : t('admin.courses.draft')}
            </span>
          </>
        }
      >
        <button type="button" className="btn btn-small" onClick={() => void toggle('top')}>
          {column.top > 0 ? t('admin.courses.unpin') : t('admin.courses.pin')}
        </button>
        <button type="button" className="btn btn-small" onClick={() => void toggle('pub')} data-testid="toggle-publish">
          {column.pub ? t('admin.courses.unpublish') : t('admin.courses.publish')}
        </button>
      </PageHeader>
      <form
        className="card ac-card ac-form"
        onSubmit={(event) => {
          event.preventDefault();
          void handleSave();
        }}
      >
        <div className="ac-grid">
          <Field label={t('admin.columns.name')} error={errors.title} name="title" wide>
            <input value={form.title} maxLength={100} onChange={(event) => change({ title: event.target.value })} />
          </Field>
          <Field label={t('admin.columns.cate')} error={errors.catid} name="catid">
            <select value={form.catid} onChange={(event) => change({ catid: event.target.value })}>
              <option value="0">{t('admin.course.noCategory')}</option>
              {cates.map((cate) => (
                <option key={cate.catid} value={cate.catid}>
                  {cate.title}
                </option>
              ))}
            </select>
          </Field>
          <Field
            label={t('admin.course.cover')}
            error={errors.img}
            name="img"
            hint={t('admin.common.uploadLater')}
            wide
          >
            <ImageField value={form.img} onChange={(img) => change({ img })} invalid={!!errors.img} />
          </Field>
          <Field
            label={t('admin.course.actual')}
            error={errors.actual}
            name="actual"
            hint={t('admin.course.actualHint')}
          >
            <input
              type="number"
              min={0}
              step={0.01}
              value={form.actual}
              onChange={(event) => change({ actual: event.target.value })}
            />
          </Field>
          <Field label={t('admin.course.originalPrice')} error={errors.price} name="price">
            <input
              type="number"
              min={0}
              step={0.01}
              value={form.price}
              onChange={(event) => change({ price: event.target.value })}
            />
          </Field>
          <ValidityFields
            value={{ ce_type: form.ce_type, ce_time: form.ce_time }}
            errors={errors}
            onChange={(value) => change({ ce_type: value.ce_type, ce_time: value.ce_time })}
          />
        </div>
        <h2 className="ac-subtitle">{t('admin.columns.description')}</h2>
        <RichTextEditor
          value={form.description}
          onChange={(description) => change({ description })}
          label={t('admin.columns.description')}
          invalid={!!errors.description}
        />
        {errors.description && <p className="ac-error">{errors.description}</p>}
        <h2 className="ac-subtitle">{t('admin.columns.courses')}</h2>
        <CoursePicker value={form.coids} onChange={(coids) => change({ coids })} />
        <div className="ac-savebar">
          {dirty && <span className="ac-dirty">{t('admin.common.unsavedMark')}</span>}
          <button type="submit" className="btn btn-primary" disabled={!dirty || saving} data-testid="save-column">
            {saving ? t('admin.common.saving') : t('admin.common.save')}
          </button>
        </div>
      </form>
      <LearnersTab kind="column" id={id} />
    </div>
  );
}
