import { useState, type DragEvent, type ReactNode } from 'react';
import { useT } from '../../i18n';

export type DropPlace = 'before' | 'after' | 'into';

/** A node of an editable tree (course categories, student or admin groups). */
export interface TreeNode<N> {
  parent_id: string;
  children: N[];
}

/** What the screen does when a row asks: each tree's own calls and rules. */
export interface TreeRowActions<N> {
  rename: (node: N, name: string) => Promise<boolean>;
  addChild: (node: N) => void;
  move: (node: N, parentId: string, position: number) => void;
  remove: (node: N) => void;
  dragStart: (node: N) => void;
  dragEnd: () => void;
  canDrop: (target: N, place: DropPlace) => boolean;
  drop: (target: N, place: DropPlace) => void;
}

/** How one kind of tree reads and shows its nodes; fixed for a screen. */
export interface TreeRowKind<N> {
  idOf: (node: N) => string;
  nameOf: (node: N) => string;
  nameMax: number;
  /** data-testid of the row and of its name. */
  testIds: { node: string; name: string };
  /** data-* attributes of the row (tests find rows by them). */
  dataOf: (node: N) => Record<`data-${string}`, string>;
  words: { renameLabel: string; addChild: string; rename: string; moveTo: string };
  /** The muted text after the name (level, member count). */
  info: (node: N, depth: number) => ReactNode;
  canAddChild?: (node: N, depth: number) => boolean;
  /** The 'move to' picker; `close` hides it. */
  movePicker: (node: N, close: () => void) => ReactNode;
}

interface RowProps<N extends TreeNode<N>> {
  node: N;
  /** 1 for the first level. */
  depth: number;
  index: number;
  count: number;
  busy: boolean;
  actions: TreeRowActions<N>;
  kind: TreeRowKind<N>;
}

const placeOf = (event: DragEvent<HTMLElement>): DropPlace => {
  const box = event.currentTarget.getBoundingClientRect();
  const y = (event.clientY - box.top) / box.height;
  return y < 0.3 ? 'before' : y > 0.7 ? 'after' : 'into';
};

/** One node of a tree editor with its children below it: rename in place, add a child, move (drag, ↑↓ or 'move to'), delete. */
export function TreeNodeRow<N extends TreeNode<N>>({ node, depth, index, count, busy, actions, kind }: RowProps<N>) {
  const t = useT();
  const nodeName = kind.nameOf(node);
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(nodeName);
  const [moving, setMoving] = useState(false);
  const [place, setPlace] = useState<DropPlace | null>(null);

  const finishRename = async (save: boolean) => {
    if (!save || !name.trim() || name.trim() === nodeName) {
      setName(nodeName);
      setRenaming(false);
      return;
    }
    if (await actions.rename(node, name.trim())) setRenaming(false);
  };

  return (
    <li className="ac-cat" data-testid={kind.testIds.node} {...kind.dataOf(node)}>
      <div
        className="ac-cat-row"
        data-drop={place ?? undefined}
        draggable={!renaming}
        onDragStart={(event) => {
          event.stopPropagation();
          event.dataTransfer.effectAllowed = 'move';
          event.dataTransfer.setData('text/plain', kind.idOf(node));
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
            value={name}
            maxLength={kind.nameMax}
            aria-label={kind.words.renameLabel}
            onChange={(event) => setName(event.target.value)}
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
          <span className="ac-cat-title" data-testid={kind.testIds.name}>
            {nodeName}
          </span>
        )}
        {kind.info(node, depth)}
        <span className="ac-row-actions">
          {(kind.canAddChild?.(node, depth) ?? true) && (
            <button
              type="button"
              className="btn btn-small btn-text"
              onClick={() => actions.addChild(node)}
              aria-label={`${kind.words.addChild} ${nodeName}`}
            >
              {kind.words.addChild}
            </button>
          )}
          <button
            type="button"
            className="btn btn-small btn-text"
            onClick={() => {
              setName(nodeName);
              setRenaming(true);
            }}
            aria-label={`${kind.words.rename} ${nodeName}`}
          >
            {kind.words.rename}
          </button>
          <button
            type="button"
            className="btn btn-small btn-icon"
            disabled={busy || index === 0}
            onClick={() => actions.move(node, node.parent_id, index - 1)}
            aria-label={`${t('admin.common.moveUp')} ${nodeName}`}
            title={t('admin.common.moveUp')}
          >
            ↑
          </button>
          <button
            type="button"
            className="btn btn-small btn-icon"
            disabled={busy || index >= count - 1}
            onClick={() => actions.move(node, node.parent_id, index + 1)}
            aria-label={`${t('admin.common.moveDown')} ${nodeName}`}
            title={t('admin.common.moveDown')}
          >
            ↓
          </button>
          <button
            type="button"
            className="btn btn-small btn-text"
            onClick={() => setMoving((open) => !open)}
            aria-expanded={moving}
            aria-label={`${kind.words.moveTo} ${nodeName}`}
          >
            {kind.words.moveTo}
          </button>
          <button
            type="button"
            className="btn btn-small btn-text ac-danger-text"
            onClick={() => actions.remove(node)}
            aria-label={`${t('admin.common.delete')} ${nodeName}`}
          >
            {t('admin.common.delete')}
          </button>
        </span>
      </div>
      {moving && <div className="ac-inline-form ac-cat-move">{kind.movePicker(node, () => setMoving(false))}</div>}
      {node.children.length > 0 && (
        <ul className="ac-cat-children">
          {node.children.map((child, childIndex) => (
            <TreeNodeRow
              key={kind.idOf(child)}
              node={child}
              depth={depth + 1}
              index={childIndex}
              count={node.children.length}
              busy={busy}
              actions={actions}
              kind={kind}
            />
          ))}
        </ul>
      )}
    </li>
  );
}
