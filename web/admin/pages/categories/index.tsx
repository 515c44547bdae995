import { useState } from 'react';
import type { Reply } from '../../../../shared/envelope';
import { CATEGORY_ERRORS, CATEGORY_MAX_DEPTH, type CategoryNode } from '../../../../shared/schemas/categories';
import { categoryCalls } from '../../../../shared/calls/categories';
import { request } from '../../../api/client';
import { confirm, toast } from '../../../components/feedback';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { Modal } from '../../components/Modal';
import { Field } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { CategorySelect } from '../../components/CategorySelect';
import { TreeNodeRow, type TreeRowActions, type TreeRowKind } from '../../components/TreeNodeRow';
import { flattenCategories, useCategories } from '../../hooks/useCatalogue';
import { useRevalidate } from '../../hooks/useRevalidate';
import { canMoveUnder, depthOf, dropMove, type DropPlace } from './category-moves';
import { MoveCoursesDialog } from './MoveCoursesDialog';

/** The course category tree editor: add (first level, child), rename, reorder and move (drag or buttons), delete (moving courses out first). */
export default function CategoriesPage() {
  const t = useT();
  const { tree, mutate, isLoading } = useCategories();
  const revalidate = useRevalidate();
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const [childOf, setChildOf] = useState<CategoryNode | null>(null);
  const [childTitle, setChildTitle] = useState('');
  // Why an add did not happen (an empty name), next to the name field it is about.
  const [titleError, setTitleError] = useState('');
  const [childError, setChildError] = useState('');
  const [blocked, setBlocked] = useState<{ node: CategoryNode; courses: number } | null>(null);
  const [dragged, setDragged] = useState<CategoryNode | null>(null);

  const refresh = async () => {
    await mutate();
    // Course lists show category names and filter by subtree.
    await revalidate('getcourselist', 'course/info/');
  };

  const run = async <T,>(work: () => Promise<Reply<T>>, done?: string): Promise<boolean> => {
    setBusy(true);
    const reply = await work();
    setBusy(false);
    if (reply.status !== 'ok') {
      toast(failureText(t, reply));
      return false;
    }
    if (done) toast(done);
    await refresh();
    return true;
  };

  const handleDelete = async (node: CategoryNode) => {
    const ok = await confirm({
      text:
        node.children.length > 0
          ? t('admin.categories.deleteWithChildren', { title: node.title })
          : t('admin.categories.deleteOne', { title: node.title }),
      okText: t('admin.common.delete'),
    });
    if (!ok) return;
    setBusy(true);
    const reply = await request(categoryCalls.remove, { body: { catid: node.catid } });
    setBusy(false);
    if (reply.status === 'ok') {
      toast(t('admin.categories.deleted'));
      return refresh();
    }
    if (reply.error === CATEGORY_ERRORS.hasCourses) {
      const courses = Number((reply.data as { courses?: number } | null)?.courses ?? 0);
      return setBlocked({ node, courses });
    }
    toast(failureText(t, reply));
  };

  const actions: TreeRowActions<CategoryNode> = {
    rename: (node, value) => run(() => request(categoryCalls.update, { body: { catid: node.catid, title: value } })),
    addChild: (node) => {
      setChildOf(node);
      setChildTitle('');
      setChildError('');
    },
    move: (node, parentId, position) =>
      void run(() =>
        request(categoryCalls.update, {
          body: { catid: node.catid, parent_id: parentId, position: Math.max(0, position) },
        }),
      ),
    remove: (node) => void handleDelete(node),
    dragStart: setDragged,
    dragEnd: () => setDragged(null),
    canDrop: (target: CategoryNode, place: DropPlace) => !!dragged && dropMove(tree, dragged, target, place) !== null,
    drop: (target, place) => {
      const node = dragged;
      setDragged(null);
      const move = node ? dropMove(tree, node, target, place) : null;
      if (node && move) void run(() => request(categoryCalls.update, { body: { catid: node.catid, ...move } }));
    },
  };

  const rowKind: TreeRowKind<CategoryNode> = {
    idOf: (node) => node.catid,
    nameOf: (node) => node.title,
    nameMax: 100,
    testIds: { node: 'category-node', name: 'category-title' },
    dataOf: (node) => ({ 'data-catid': node.catid, 'data-title': node.title }),
    words: {
      renameLabel: t('admin.categories.renameLabel'),
      addChild: t('admin.categories.addChild'),
      rename: t('admin.categories.rename'),
      moveTo: t('admin.categories.moveTo'),
    },
    info: (_node, depth) => (
      <span className="ac-muted ac-cat-level">{t('admin.categories.level', { level: depth })}</span>
    ),
    canAddChild: (_node, depth) => depth < CATEGORY_MAX_DEPTH,
    movePicker: (node, close) => (
      <>
        <span className="ac-muted" aria-hidden="true">
          {t('admin.categories.moveUnder')}
        </span>
        <CategorySelect
          tree={tree}
          value={node.parent_id}
          rootLabel={t('admin.categories.firstLevel')}
          disabledIds={flattenCategories(tree)
            .filter(({ node: other }) => !canMoveUnder(tree, node, other.catid))
            .map(({ node: other }) => other.catid)}
          aria-label={t('admin.categories.moveUnder')}
          onChange={(parentId) => {
            close();
            if (parentId !== node.parent_id) actions.move(node, parentId, Number.MAX_SAFE_INTEGER);
          }}
        />
        {depthOf(tree, node.parent_id) > 0 || node.children.length > 0 ? (
          <span className="ac-hint">{t('admin.categories.depthHint')}</span>
        ) : null}
      </>
    ),
  };

  const handleAdd = async (parentId: string, value: string) => {
    const setError = parentId === '0' ? setTitleError : setChildError;
    if (!value.trim()) return setError(t('admin.categories.titleRequired'));
    setError('');
    const body = { title: value.trim(), parent_id: parentId };
    const ok = await run(() => request(categoryCalls.add, { body }), t('admin.categories.added'));
    if (ok && parentId === '0') setTitle('');
    if (ok && parentId !== '0') setChildOf(null);
  };

  return (
    <div className="ac-page" data-testid="categories-page">
      <PageHeader title={t('admin.categories.title')} />
      <section className="card ac-card">
        <form
          className="ac-inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            void handleAdd('0', title);
          }}
        >
          <input
            value={title}
            maxLength={100}
            placeholder={t('admin.categories.newPlaceholder')}
            aria-label={t('admin.categories.newPlaceholder')}
            aria-invalid={titleError ? true : undefined}
            aria-describedby={titleError ? 'category-title-error' : undefined}
            onChange={(event) => {
              setTitle(event.target.value);
              setTitleError('');
            }}
          />
          <button type="submit" className="btn btn-primary btn-small" disabled={busy} data-testid="add-category">
            {t('admin.categories.addFirst')}
          </button>
        </form>
        {titleError && (
          <p id="category-title-error" className="ac-error" role="alert" data-testid="category-title-error">
            {titleError}
          </p>
        )}
        <p className="ac-hint">{t('admin.categories.hint')}</p>
        {!isLoading && tree.length === 0 && <p className="ac-empty">{t('admin.categories.empty')}</p>}
        <ul className={`ac-cats${dragged ? ' is-dragging' : ''}`} data-testid="category-tree">
          {tree.map((node, index) => (
            <TreeNodeRow
              key={node.catid}
              node={node}
              depth={1}
              index={index}
              count={tree.length}
              busy={busy}
              actions={actions}
              kind={rowKind}
            />
          ))}
        </ul>
      </section>
      {childOf && (
        <Modal
          title={t('admin.categories.addChildTo', { title: childOf.title })}
          submitText={t('admin.categories.add')}
          onSubmit={() => void handleAdd(childOf.catid, childTitle)}
          onClose={() => setChildOf(null)}
          busy={busy}
          testId="add-child-category"
        >
          <Field label={t('admin.categories.name')} error={childError}>
            <input
              value={childTitle}
              maxLength={100}
              onChange={(event) => {
                setChildTitle(event.target.value);
                setChildError('');
              }}
            />
          </Field>
        </Modal>
      )}
      {blocked && (
        <MoveCoursesDialog
          node={blocked.node}
          courses={blocked.courses}
          tree={tree}
          onClose={() => setBlocked(null)}
          onDone={() => {
            setBlocked(null);
            void refresh();
          }}
        />
      )}
    </div>
  );
}
