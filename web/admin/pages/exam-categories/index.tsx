import { useState } from 'react';
import type { Reply } from '../../../../shared/envelope';
import { examAdminCalls as calls } from '../../../../shared/calls/exam-admin';
import { EXAM_ADMIN_ERRORS, type ExamCategory } from '../../../../shared/schemas/exam-admin';
import { request } from '../../../api/client';
import { confirm, toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { LoadError } from '../../components/DataTable';
import { moveItem, OrderButtons } from '../../components/OrderButtons';
import { PageHeader } from '../../components/PageHeader';

type Categories = { list: ExamCategory[] };

/** Exam categories (考试分类, permission exam): the student side's exam groupings; add, rename, order, delete (refused while exams use one). */
export default function ExamCategoriesPage() {
  const t = useT();
  const { data, error, mutate } = useCall(calls.categories, {});
  const [title, setTitle] = useState('');
  const [renaming, setRenaming] = useState<{ id: string; title: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const list = data?.list ?? [];

  const run = async (work: () => Promise<Reply<Categories>>, done?: string) => {
    setBusy(true);
    const reply = await work();
    setBusy(false);
    if (reply.status !== 'ok') {
      toast(reply.error === EXAM_ADMIN_ERRORS.categoryInUse ? t('admin.examCategories.inUse') : failureText(t, reply));
      return false;
    }
    if (done) toast(done);
    await mutate(reply.data, { revalidate: false });
    return true;
  };

  return (
    <div className="ac-page" data-testid="exam-categories-page">
      <PageHeader title={t('admin.menu.examCategories')} />
      <section className="card ac-card">
        <form
          className="ac-inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (!title.trim()) return;
            void run(
              () => request(calls.addCategory, { body: { title: title.trim() } }),
              t('admin.examCategories.added'),
            ).then((ok) => ok && setTitle(''));
          }}
        >
          <input
            value={title}
            maxLength={100}
            placeholder={t('admin.examCategories.newPlaceholder')}
            aria-label={t('admin.examCategories.newPlaceholder')}
            onChange={(event) => setTitle(event.target.value)}
            data-testid="new-exam-category"
          />
          <button type="submit" className="btn btn-small btn-primary" disabled={busy}>
            {t('admin.examCategories.add')}
          </button>
        </form>
        {error && !data && <LoadError onRetry={() => void mutate()} />}
        {data && list.length === 0 && <p className="ac-empty">{t('admin.examCategories.empty')}</p>}
        <ul className="ac-simple-list">
          {list.map((item, index) => (
            <li key={item.id} data-testid="exam-category" data-title={item.title}>
              {renaming?.id === item.id ? (
                <form
                  className="ac-inline-form"
                  onSubmit={(event) => {
                    event.preventDefault();
                    if (renaming.title.trim())
                      void run(() =>
                        request(calls.renameCategory, { body: { id: item.id, title: renaming.title.trim() } }),
                      ).then((ok) => ok && setRenaming(null));
                  }}
                >
                  <input
                    autoFocus
                    value={renaming.title}
                    maxLength={100}
                    aria-label={t('admin.examCategories.rename')}
                    onChange={(event) => setRenaming({ ...renaming, title: event.target.value })}
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
                  <span className="ac-strong">{item.title}</span>{' '}
                  <span className="ac-muted">{t('admin.examCategories.exams', { count: item.exams })}</span>
                  <span className="ac-row-actions">
                    <OrderButtons
                      index={index}
                      count={list.length}
                      label={item.title}
                      onMove={(to) =>
                        void run(() =>
                          request(calls.orderCategories, {
                            body: { ids: moveItem(list, index, to).map((row) => row.id) },
                          }),
                        )
                      }
                    />
                    <button
                      type="button"
                      className="btn btn-small btn-text"
                      onClick={() => setRenaming({ id: item.id, title: item.title })}
                    >
                      {t('admin.examCategories.rename')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-small btn-text ac-danger-text"
                      disabled={busy}
                      onClick={() =>
                        void confirm({
                          text: t('admin.examCategories.deleteOne', { title: item.title }),
                          okText: t('admin.common.delete'),
                        }).then(
                          (ok) =>
                            ok &&
                            run(
                              () => request(calls.deleteCategory, { body: { id: item.id } }),
                              t('admin.exams.deleted'),
                            ),
                        )
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
    </div>
  );
}
