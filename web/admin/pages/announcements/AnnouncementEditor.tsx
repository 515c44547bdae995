import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { announcementCalls } from '../../../../shared/calls/announcements';
import { type AdminAnnouncement, ANNOUNCEMENT_TITLE_MAX } from '../../../../shared/schemas/announcements';
import { request } from '../../../api/client';
import { toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText, fieldErrorsOf } from '../../api/errors';
import { Check, Field } from '../../components/Field';
import { MissingRecord } from '../../components/MissingRecord';
import { PageHeader } from '../../components/PageHeader';
import { RichTextEditor } from '../../components/RichTextEditor';
import { useEditableForm } from '../../hooks/useEditableForm';
import { useRevalidate } from '../../hooks/useRevalidate';
import { AnnouncementState, fromLocalInput, toLocalInput, ViewedCount } from './parts';

type Form = {
  title: string;
  html: string;
  audience: 'all' | 'groups';
  gids: string[];
  pinned: boolean;
  publishAt: string;
  endAt: string;
};
const formOf = (a: AdminAnnouncement): Form => ({
  title: a.title,
  html: a.html,
  audience: a.audience,
  gids: a.gids,
  pinned: a.pinned,
  publishAt: toLocalInput(a.publishAt),
  endAt: toLocalInput(a.endAt),
});

/** An announcement: title, rich text, audience (everyone or groups), pinned, window; publish; viewed of audience. */
export default function AnnouncementEditor() {
  const t = useT();
  const { id = '' } = useParams();
  const revalidate = useRevalidate();
  const {
    data: item,
    error,
    mutate,
  } = useCall(announcementCalls.info, id ? { query: { id } } : null, {
    revalidateOnFocus: false,
  });
  const { data: groups } = useCall(announcementCalls.groups, {});
  const { form, errors, setErrors, dirty, change, reset } = useEditableForm(item, formOf);
  const [saving, setSaving] = useState(false);

  if (error && !item) return <MissingRecord backTo="/announcements" backLabel="admin.announcements.title" />;
  if (!item || !form) return null;

  const handleSave = async () => {
    if (!form.title.trim()) return setErrors({ title: t('admin.common.required') });
    if (form.audience === 'groups' && form.gids.length === 0)
      return setErrors({ gids: t('admin.announcements.noGroups') });
    setSaving(true);
    const reply = await request(announcementCalls.save, {
      body: {
        id,
        title: form.title.trim(),
        html: form.html,
        audience: form.audience,
        gids: form.audience === 'groups' ? form.gids : [],
        pinned: form.pinned,
        publishAt: fromLocalInput(form.publishAt),
        endAt: fromLocalInput(form.endAt),
      },
    });
    setSaving(false);
    if (reply.status !== 'ok') {
      const found = fieldErrorsOf(reply);
      setErrors(found);
      return toast(Object.keys(found).length > 0 ? t('admin.common.fixErrors') : failureText(t, reply));
    }
    await mutate(reply.data, { revalidate: false });
    reset(reply.data);
    void revalidate('update/announcement/list');
    toast(t('admin.announcements.saved'));
  };

  const handlePublish = async () => {
    const on = item.publishedAt === null;
    const reply = await request(announcementCalls.publish, { body: { id, publish: on } });
    if (reply.status !== 'ok') return toast(failureText(t, reply));
    await mutate(reply.data, { revalidate: false });
    void revalidate('update/announcement/list');
    toast(on ? t('admin.announcements.published') : t('admin.announcements.unpublished'));
  };

  const toggleGroup = (gid: string, on: boolean) =>
    change({ gids: on ? [...form.gids, gid] : form.gids.filter((g) => g !== gid) });

  return (
    <div className="ac-page" data-testid="announcement-editor">
      <PageHeader
        back={
          <Link to="/announcements" className="ac-back" aria-label={t('admin.announcements.title')}>
            ←
          </Link>
        }
        title={
          <>
            <span>{item.title}</span>
            <AnnouncementState state={item.state} />
          </>
        }
      >
        <ViewedCount viewed={item.viewed} total={item.audienceSize} />
        <button
          type="button"
          className="btn btn-small"
          disabled={dirty}
          onClick={() => void handlePublish()}
          data-testid="toggle-publish"
        >
          {item.publishedAt === null ? t('admin.announcements.publish') : t('admin.announcements.unpublish')}
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
          <Field label={t('admin.announcements.name')} error={errors.title} name="title" wide>
            <input
              value={form.title}
              maxLength={ANNOUNCEMENT_TITLE_MAX}
              onChange={(event) => change({ title: event.target.value })}
            />
          </Field>
          <Field label={t('admin.announcements.audience')} error={errors.gids} name="audience" wide>
            <div className="an-groups" role="radiogroup" aria-label={t('admin.announcements.audience')}>
              <label>
                <input
                  type="radio"
                  name="audience"
                  checked={form.audience === 'all'}
                  onChange={() => change({ audience: 'all' })}
                />
                {t('admin.announcements.audienceAll')}
              </label>
              <label>
                <input
                  type="radio"
                  name="audience"
                  checked={form.audience === 'groups'}
                  onChange={() => change({ audience: 'groups' })}
                  data-testid="audience-groups"
                />
                {t('admin.announcements.audienceGroups')}
              </label>
            </div>
          </Field>
          {form.audience === 'groups' && (
            <Field label={t('admin.announcements.audienceGroups')} hint={t('admin.announcements.groupsHint')} wide>
              <div className="an-groups" data-testid="announcement-groups">
                {(groups?.list ?? []).map((group) => (
                  <label key={group.id}>
                    <input
                      type="checkbox"
                      checked={form.gids.includes(group.id)}
                      onChange={(event) => toggleGroup(group.id, event.target.checked)}
                    />
                    {group.name}
                  </label>
                ))}
              </div>
            </Field>
          )}
          <Field
            label={t('admin.announcements.publishAt')}
            hint={t('admin.announcements.windowHint')}
            error={errors.publishAt}
            name="publishAt"
          >
            <input
              type="datetime-local"
              value={form.publishAt}
              onChange={(event) => change({ publishAt: event.target.value })}
            />
          </Field>
          <Field label={t('admin.announcements.endAt')} error={errors.endAt} name="endAt">
            <input
              type="datetime-local"
              value={form.endAt}
              onChange={(event) => change({ endAt: event.target.value })}
            />
          </Field>
        </div>
        <Check
          label={t('admin.announcements.pinned')}
          checked={form.pinned}
          onChange={(pinned) => change({ pinned })}
          name="pinned"
        />
        <h2 className="ac-subtitle">{t('admin.announcements.content')}</h2>
        <RichTextEditor
          value={form.html}
          onChange={(html) => change({ html })}
          label={t('admin.announcements.content')}
          testId="announcement-editor-content"
        />
        <div className="ac-savebar">
          {dirty && <span className="ac-dirty">{t('admin.common.unsavedMark')}</span>}
          <button type="submit" className="btn btn-primary" disabled={!dirty || saving} data-testid="save-announcement">
            {saving ? t('admin.common.saving') : t('admin.common.save')}
          </button>
        </div>
      </form>
    </div>
  );
}
