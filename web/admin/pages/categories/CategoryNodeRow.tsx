import { useState, type DragEvent } from 'react';
import { CATEGORY_MAX_DEPTH, type CategoryNode } from '../../../../shared/schemas/categories';
import { useT } from '../../../i18n';
import { CategorySelect } from '../../components/CategorySelect';
import { flattenCategories } from '../../hooks/useCatalogue';
import { canMoveUnder, depthOf, type DropPlace } from './category-moves';

export interface CategoryActions {
  rename: (node: CategoryNode, title: string) => Promise<boolean>;
  addChild: (node: CategoryNode) => void;
  move: (node: CategoryNode, parentId: string, position: number) => void;
  remove: (node: CategoryNode) => void;
  drop: (target: CategoryNode, place: DropPlace) => void;
  dragStart: (node: CategoryNode) => void;
  dragEnd: () => void;
  canDrop: (target: CategoryNode, place: DropPlace) => boolean;
}

interface RowProps {
  node: CategoryNode;
  tree: CategoryNode[];
  depth: number;
  index: number;
  count: number;
  busy: boolean;
  actions: CategoryActions;
}

/** One category of the tree editor with its children below it. */
export function CategoryNodeRow({ node, tree, depth, index, count, busy, actions }: RowProps) {
  const t = useT();
  const [renaming, setRenaming] = useState(false);
  const [title, setTitle] = useState(node.title);
  const [moving, setMoving] = useState(false);
  const [place, setPlace] = useState<DropPlace | null>(null);

  const placeOf = (event: DragEvent<HTMLElement>): DropPlace => {
    const box = event.currentTarget.getBoundingClientRect();
    const y = (event.clientY - box.top) / box.height;
    return y < 0.3 ? 'before' : y > 0.7 ? 'after' : 'into';
  };

  const finishRename = async (save: boolean) => {
    if (!save || !title.trim() || title.trim() === node.title) {
      setTitle(node.title);
      setRenaming(false);
      return;
    }
    if (await actions.rename(node, title.trim())) setRenaming(false);
  };

  const invalidParents = flattenCategories(tree)
    .filter(({ node: other }) => !canMoveUnder(tree, node, other.catid))
    .map(({ node: other }) => other.catid);

  return (
    <li className="ac-cat" data-testid="category-node" data-catid={node.catid} data-title={node.title}>
      <div
        className="ac-cat-row"
        data-drop={place ?? undefined}
        draggable={!renaming}
        onDragStart={(event) => {
          event.stopPropagation();
          event.dataTransfer.effectAllowed = 'move';
          event.dataTransfer.setData('text/plain', node.catid);
          actions.dragStart(node);
        }}
        onDragEnd={() => {
          setPlace(null);
          actions.dragEnd();
        }}
        onDragOver={(event) => {
          const next = placeOf(event);
          if (!actions.canDrop(node, next)) return setPlace(null);
          event.preventDefault();
          if (next !== place) setPlace(next);
        }}
        onDragLeave={() => setPlace(null)}
        onDrop={(event) => {
          event.preventDefault();
          event.stopPropagation();
          const next = placeOf(event);
          setPlace(null);
          actions.drop(node, next);
        }}
      >
        <span className="ac-grip" aria-hidden="true">
          ⋮⋮
        </span>
        {renaming ? (
          <input
            className="ac-inline-input"
            autoFocus
            value={title}
            maxLength={100}
            aria-label={t('admin.categories.renameLabel')}
            onChange={(event) => setTitle(event.target.value)}
            onBlur={() => void finishRename(true)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void finishRename(true);
              }
              if (event.key === 'Escape') {
                event.preventDefault();
                void finishRename(false);
              }
            }}
          />
        ) : (
          <span className="ac-cat-title" data-testid="category-title">
            {node.title}
          </span>
        )}
        <span className="ac-muted ac-cat-level">{t('admin.categories.level', { level: depth })}</span>
        <span className="ac-row-actions">
          {depth < CATEGORY_MAX_DEPTH && (
            <button type="button" className="btn btn-small btn-text" onClick={() => actions.addChild(node)} aria-label={`${t('admin.categories.addChild')} ${node.title}`}>
              {t('admin.categories.addChild')}
            </button>
          )}
          <button
            type="button"
            className="btn btn-small btn-text"
            onClick={() => {
              setTitle(node.title);
              setRenaming(true);
            }}
            aria-label={`${t('admin.categories.rename')} ${node.title}`}
          >
            {t('admin.categories.rename')}
          </button>
          <button type="button" className="btn btn-small btn-icon" disabled={busy || index === 0} onClick={() => actions.move(node, node.parent_id, index - 1)} aria-label={`${t('admin.common.moveUp')} ${node.title}`} title={t('admin.common.moveUp')}>
            ↑
          </button>
          <button type="button" className="btn btn-small btn-icon" disabled={busy || index >= count - 1} onClick={() => actions.move(node, node.parent_id, index + 1)} aria-label={`${t('admin.common.moveDown')} ${node.title}`} title={t('admin.common.moveDown')}>
            ↓
          </button>
          <button type="button" className="btn btn-small btn-text" onClick={() => setMoving((open) => !open)} aria-expanded={moving} aria-label={`${t('admin.categories.moveTo')} ${node.title}`}>
            {t('admin.categories.moveTo')}
          </button>
          <button type="button" className="btn btn-small btn-text ac-danger-text" onClick={() => actions.remove(node)} aria-label={`${t('admin.common.delete')} ${node.title}`}>
            {t('admin.common.delete')}
          </button>
        </span>
      </div>
      {moving && (
        <div className="ac-inline-form ac-cat-move">
          <label className="ac-muted">{t('admin.categories.moveUnder')}</label>
          <CategorySelect
            tree={tree}
            value={node.parent_id}
            rootLabel={t('admin.categories.firstLevel')}
            disabledIds={invalidParents}
            aria-label={t('admin.categories.moveUnder')}
            onChange={(parentId) => {
              setMoving(false);
              if (parentId !== node.parent_id) actions.move(node, parentId, Number.MAX_SAFE_INTEGER);
            }}
          />
          {depthOf(tree, node.parent_id) > 0 || node.children.length > 0 ? <span className="ac-hint">{t('admin.categories.depthHint')}</span> : null}
        </div>
      )}
      {node.children.length > 0 && (
        <ul className="ac-cat-children">
          {node.children.map((child, childIndex) => (
            <CategoryNodeRow key={child.catid} node={child} tree={tree} depth={depth + 1} index={childIndex} count={node.children.length} busy={busy} actions={actions} />
          ))}
        </ul>
      )}
    </li>
  );
}
