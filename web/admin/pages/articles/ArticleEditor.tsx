import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { articleCalls } from '../../../../shared/calls/articles';
import type { Article, zUpdateArticle } from '../../../../shared/schemas/articles';
import { request } from '../../../api/client';
import { toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText, fieldErrorsOf } from '../../api/errors';
import { Field } from '../../components/Field';
import { ImageField } from '../../components/ImageField';
import { PageHeader } from '../../components/PageHeader';
import { RichTextEditor } from '../../components/RichTextEditor';
import { useRevalidate } from '../../hooks/useRevalidate';
import { useEditableForm } from '../../hooks/useEditableForm';
import { MissingRecord } from '../../components/MissingRecord';

type ArticleForm = { title: string; img: string; content: string };
const formOf = (article: Article): ArticleForm => ({
  title: article.title,
  img: article.img,
  content: article.content,
});

/** An article: title, cover and rich-text content; publish and pin. */
export default function ArticleEditor() {
  const t = useT();
  const { aid = '' } = useParams();
  const revalidate = useRevalidate();
  const {
    data: article,
    error,
    mutate,
  } = useCall(articleCalls.info, aid ? { params: { aid } } : null, {
    revalidateOnFocus: false,
  });
  const { base, form, errors, setErrors, dirty, change, reset } = useEditableForm(article, formOf);
  const [saving, setSaving] = useState(false);

  if (error && !article) {
    return <MissingRecord backTo="/articles" backLabel="admin.articles.backToList" />;
  }
  if (!article || !form || !base) return null;

  const handleSave = async () => {
    if (!form.title.trim()) return setErrors({ title: t('admin.common.required') });
    const patch: z.input<typeof zUpdateArticle> = { aid };
    if (form.title !== base.title) patch.title = form.title.trim();
    if (form.img !== base.img) patch.img = form.img.trim();
    if (form.content !== base.content) patch.content = form.content;
    setSaving(true);
    const reply = await request(articleCalls.save, { body: patch });
    setSaving(false);
    if (reply.status !== 'ok') {
      const found = fieldErrorsOf(reply);
      setErrors(found);
      return toast(Object.keys(found).length > 0 ? t('admin.common.fixErrors') : failureText(t, reply));
    }
    await mutate(reply.data, { revalidate: false });
    reset(reply.data);
    void revalidate('article/admin/list');
    toast(t('admin.common.saved'));
  };

  const toggle = async (kind: 'publish' | 'pin') => {
    const reply =
      kind === 'publish'
        ? await request(articleCalls.publish, { body: { aid, status: article.status === 1 ? 0 : 1 } })
        : await request(articleCalls.pin, { body: { aid, pinned: article.pinned ? 0 : 1 } });
    if (reply.status !== 'ok') return toast(failureText(t, reply));
    toast(
      kind === 'publish'
        ? reply.data.status === 1
          ? t('admin.courses.publishedToast')
          : t('admin.courses.unpublishedToast')
        : t('admin.common.saved'),
    );
    await mutate({ ...article, status: reply.data.status, pinned: reply.data.pinned }, { revalidate: false });
    void revalidate('article/admin/list');
  };

  return (
    <div className="ac-page" data-testid="article-editor">
      <PageHeader
        back={
          <Link to="/articles" className="ac-back" aria-label={t('admin.articles.backToList')}>
            ←
          </Link>
        }
        title={
          <>
            <span>{article.title}</span>
            <span className={`ac-state ${article.status === 1 ? 'is-on' : ''}`} data-testid="editor-status">
              {article.status === 1 ? t('admin.courses.published') : t('admin.courses.draft')}
            </span>
          </>
        }
      >
        <button type="button" className="btn btn-small" onClick={() => void toggle('pin')}>
          {article.pinned ? t('admin.courses.unpin') : t('admin.courses.pin')}
        </button>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => void toggle('publish')}
          data-testid="toggle-publish"
        >
          {article.status === 1 ? t('admin.courses.unpublish') : t('admin.courses.publish')}
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
          <Field label={t('admin.articles.name')} error={errors.title} name="title" wide>
            <input value={form.title} maxLength={100} onChange={(event) => change({ title: event.target.value })} />
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
        </div>
        <h2 className="ac-subtitle">{t('admin.articles.content')}</h2>
        <RichTextEditor
          value={form.content}
          onChange={(content) => change({ content })}
          label={t('admin.articles.content')}
          invalid={!!errors.content}
          testId="article-editor-content"
        />
        {errors.content && <p className="ac-error">{errors.content}</p>}
        <div className="ac-savebar">
          {dirty && <span className="ac-dirty">{t('admin.common.unsavedMark')}</span>}
          <button type="submit" className="btn btn-primary" disabled={!dirty || saving} data-testid="save-article">
            {saving ? t('admin.common.saving') : t('admin.common.save')}
          </button>
        </div>
      </form>
    </div>
  );
}
