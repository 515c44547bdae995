import { useState } from 'react';
import { columnCalls } from '../../../../shared/calls/columns';
import type { Reply } from '../../../../shared/envelope';
import type { ColumnCate } from '../../../../shared/schemas/columns';
import { confirm, toast } from '../../../components/feedback';
import { request } from '../../../api/client';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { OrderButtons } from '../../components/OrderButtons';
import { useColumnCates } from '../../hooks/useCatalogue';

const addCate = (title: string) => request(columnCalls.addCate, { body: { title } });
const updateCate = (catid: string, change: { title?: string; position?: number }) =>
  request(columnCalls.updateCate, { body: { catid, ...change } });
const deleteCate = (catid: string) => request(columnCalls.removeCate, { body: { catid } });

/** Column categories (one level): add, rename, reorder, delete (their columns move to no category). */
export function ColumnCatesPanel({ onChanged }: { onChanged: () => void }) {
  const t = useT();
  const { cates, mutate } = useColumnCates();
  const [title, setTitle] = useState('');
  const [editing, setEditing] = useState<{ catid: string; title: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<Reply<{ cates: ColumnCate[] }>>, done?: string) => {
    setBusy(true);
    const reply = await work();
    setBusy(false);
    if (reply.status !== 'ok') {
      toast(failureText(t, reply));
      return false;
    }
    if (done) toast(done);
    await mutate({ cates: reply.data.cates }, { revalidate: false });
    onChanged();
    return true;
  };

  return (
    <section className="card ac-card ac-side-card" data-testid="column-cates">
      <h2 className="section-title">{t('admin.columns.cates')}</h2>
      <form
        className="ac-inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!title.trim()) return;
          void run(() => addCate(title.trim()), t('admin.columns.cateAdded')).then((ok) => ok && setTitle(''));
        }}
      >
        <input
          value={title}
          maxLength={30}
          placeholder={t('admin.columns.catePlaceholder')}
          aria-label={t('admin.columns.catePlaceholder')}
          onChange={(event) => setTitle(event.target.value)}
        />
        <button type="submit" className="btn btn-small btn-primary" disabled={busy}>
          {t('admin.categories.add')}
        </button>
      </form>
      {cates.length === 0 ? (
        <p className="ac-muted">{t('admin.columns.noCates')}</p>
      ) : (
        <ul className="ac-simple-list">
          {cates.map((cate, index) => (
            <li key={cate.catid} data-catid={cate.catid}>
              {editing?.catid === cate.catid ? (
                <form
                  className="ac-inline-form"
                  onSubmit={(event) => {
                    event.preventDefault();
                    if (!editing.title.trim()) return;
                    void run(() => updateCate(cate.catid, { title: editing.title.trim() })).then(
                      (ok) => ok && setEditing(null),
                    );
                  }}
                >
                  <input
                    autoFocus
                    value={editing.title}
                    maxLength={30}
                    aria-label={t('admin.categories.renameLabel')}
                    onChange={(event) => setEditing({ ...editing, title: event.target.value })}
                  />
                  <button type="submit" className="btn btn-small btn-primary" disabled={busy}>
                    {t('admin.common.save')}
                  </button>
                  <button type="button" className="btn btn-small" onClick={() => setEditing(null)}>
                    {t('common.cancel')}
                  </button>
                </form>
              ) : (
                <>
                  <span className="ac-sortable-title">
                    {cate.title} <span className="ac-muted">({cate.column_count})</span>
                  </span>
                  <span className="ac-row-actions">
                    <OrderButtons
                      index={index}
                      count={cates.length}
                      label={cate.title}
                      onMove={(to) => void run(() => updateCate(cate.catid, { position: to }))}
                    />
                    <button
                      type="button"
                      className="btn btn-small btn-text"
                      onClick={() => setEditing({ catid: cate.catid, title: cate.title })}
                    >
                      {t('admin.categories.rename')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-small btn-text ac-danger-text"
                      onClick={() =>
                        void confirm({
                          text: t('admin.columns.deleteCate', { title: cate.title }),
                          okText: t('admin.common.delete'),
                        }).then((ok) => ok && run(() => deleteCate(cate.catid), t('admin.categories.deleted')))
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
      )}
    </section>
  );
}
