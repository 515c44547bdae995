import { useEffect, useState } from 'react';
import type { Reply } from '../../../../shared/envelope';
import { confirm, toast } from '../../../components/feedback';
import { tagCalls } from '../../../../shared/calls/tags';
import type { AdminTags } from '../../../../shared/schemas/tags';
import { request } from '../../../api/client';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { CoursePicker } from '../../components/CoursePicker';
import { PageHeader } from '../../components/PageHeader';
import { useUnsavedChanges } from '../../hooks/useUnsavedChanges';

/** Tags: named, ordered course sets shown as sections of the home page. Add, rename, delete, choose and order courses. */
export default function TagsPage() {
  const t = useT();
  const { data, mutate } = useCall(tagCalls.list, {});
  const tags = data?.tags ?? [];
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [coids, setCoids] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const selected = tags.find((tag) => tag.id === selectedId) ?? null;
  const dirty = !!selected && selected.coids.join(',') !== coids.join(',');
  useUnsavedChanges(dirty);

  useEffect(() => {
    if (!selectedId && tags.length > 0) setSelectedId(tags[0].id);
  }, [selectedId, tags]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: an equal list in a new object keeps the edit
  useEffect(() => {
    setCoids(selected?.coids ?? []);
    // Only when another tag is chosen (or its saved courses change).
  }, [selected?.id, selected?.coids.join(',')]);

  const run = async (work: () => Promise<Reply<AdminTags>>, done?: string): Promise<AdminTags | null> => {
    setBusy(true);
    const reply = await work();
    setBusy(false);
    if (reply.status !== 'ok') {
      toast(failureText(t, reply));
      return null;
    }
    if (done) toast(done);
    await mutate({ tags: reply.data.tags }, { revalidate: false });
    return reply.data;
  };

  const choose = async (id: string) => {
    if (
      dirty &&
      !(await confirm({
        text: t('admin.common.unsaved'),
        okText: t('admin.common.leave'),
        cancelText: t('admin.common.stay'),
      }))
    )
      return;
    setSelectedId(id);
  };

  return (
    <div className="ac-page" data-testid="tags-page">
      <PageHeader title={t('admin.tags.title')} />
      <div className="ac-split ac-split-left">
        <section className="card ac-card ac-side-card">
          <form
            className="ac-inline-form"
            onSubmit={(event) => {
              event.preventDefault();
              if (!name.trim()) return;
              void run(() => request(tagCalls.add, { body: { name: name.trim() } }), t('admin.tags.added')).then(
                (result) => {
                  if (!result) return;
                  setName('');
                  const added = result as AdminTags & { id?: string };
                  if (added.id) setSelectedId(added.id);
                },
              );
            }}
          >
            <input
              value={name}
              maxLength={30}
              placeholder={t('admin.tags.newPlaceholder')}
              aria-label={t('admin.tags.newPlaceholder')}
              onChange={(event) => setName(event.target.value)}
            />
            <button type="submit" className="btn btn-small btn-primary" disabled={busy}>
              {t('admin.categories.add')}
            </button>
          </form>
          {data && tags.length === 0 && <p className="ac-muted">{t('admin.tags.empty')}</p>}
          <ul className="ac-simple-list ac-tag-list">
            {tags.map((tag) => (
              <li
                key={tag.id}
                className={tag.id === selectedId ? 'is-selected' : ''}
                data-testid="tag-item"
                data-name={tag.name}
              >
                {renaming?.id === tag.id ? (
                  <form
                    className="ac-inline-form"
                    onSubmit={(event) => {
                      event.preventDefault();
                      if (!renaming.name.trim()) return;
                      void run(() =>
                        request(tagCalls.rename, { body: { tag_id: tag.id, name: renaming.name.trim() } }),
                      ).then((ok) => ok && setRenaming(null));
                    }}
                  >
                    <input
                      autoFocus
                      value={renaming.name}
                      maxLength={30}
                      aria-label={t('admin.categories.renameLabel')}
                      onChange={(event) => setRenaming({ ...renaming, name: event.target.value })}
                    />
                    <button type="submit" className="btn btn-small btn-primary">
                      {t('admin.common.save')}
                    </button>
                    <button type="button" className="btn btn-small" onClick={() => setRenaming(null)}>
                      {t('common.cancel')}
                    </button>
                  </form>
                ) : (
                  <>
                    <button
                      type="button"
                      className="ac-tag-name"
                      aria-pressed={tag.id === selectedId}
                      onClick={() => void choose(tag.id)}
                    >
                      {tag.name} <span className="ac-muted">({tag.coids.length})</span>
                    </button>
                    <span className="ac-row-actions">
                      <button
                        type="button"
                        className="btn btn-small btn-text"
                        onClick={() => setRenaming({ id: tag.id, name: tag.name })}
                      >
                        {t('admin.categories.rename')}
                      </button>
                      <button
                        type="button"
                        className="btn btn-small btn-text ac-danger-text"
                        onClick={() =>
                          void confirm({
                            text: t('admin.tags.deleteOne', { name: tag.name }),
                            okText: t('admin.common.delete'),
                          }).then(async (ok) => {
                            if (!ok) return;
                            await run(
                              () => request(tagCalls.remove, { body: { tag_id: tag.id } }),
                              t('admin.tags.deleted'),
                            );
                            if (selectedId === tag.id) setSelectedId(null);
                          })
                        }
                      >
                        {t('admin.common.delete')}
                      </button>
                    </span>
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
        <section className="card ac-card ac-split-main">
          {selected ? (
            <>
              <div className="ac-section-head">
                <h2 className="section-title">{t('admin.tags.coursesOf', { name: selected.name })}</h2>
                <span className="ac-row-actions">
                  {dirty && <span className="ac-dirty">{t('admin.common.unsavedMark')}</span>}
                  <button
                    type="button"
                    className="btn btn-primary btn-small"
                    disabled={!dirty || busy}
                    onClick={() =>
                      void run(
                        () => request(tagCalls.setCourses, { body: { tag_id: selected.id, coids } }),
                        t('admin.common.saved'),
                      )
                    }
                    data-testid="save-tag"
                  >
                    {t('admin.common.save')}
                  </button>
                </span>
              </div>
              <CoursePicker value={coids} onChange={setCoids} />
            </>
          ) : (
            <p className="ac-empty">{t('admin.tags.choose')}</p>
          )}
        </section>
      </div>
    </div>
  );
}
