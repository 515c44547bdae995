import { useState, type DragEvent } from 'react';
import { GROUP_NAME_MAX } from '../../../../shared/schemas/groups';
import { useT } from '../../../i18n';
import { flattenGroups, type DropPlace, type GroupNode } from './group-tree';

export interface GroupActions {
  rename: (node: GroupNode, name: string) => Promise<boolean>;
  addChild: (node: GroupNode) => void;
  move: (node: GroupNode, parentId: string, position: number) => void;
  remove: (node: GroupNode) => void;
  dragStart: (node: GroupNode) => void;
  dragEnd: () => void;
  canDrop: (target: GroupNode, place: DropPlace) => boolean;
  drop: (target: GroupNode, place: DropPlace) => void;
  /** Whether a group may hang under a parent ('0' = root). */
  canMoveUnder: (node: GroupNode, parentId: string) => boolean;
}

interface RowProps {
  node: GroupNode;
  tree: GroupNode[];
  index: number;
  count: number;
  busy: boolean;
  actions: GroupActions;
  /** 'members' text of the kind: students or sub-admins. */
  membersText: (count: number) => string;
}

/** One group of the tree editor with its sub-groups below it: rename in place, add a sub-group, move (drag, ↑↓ or 'move to'), delete. */
export function GroupNodeRow({ node, tree, index, count, busy, actions, membersText }: RowProps) {
  const t = useT();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(node.name);
  const [moving, setMoving] = useState(false);
  const [place, setPlace] = useState<DropPlace | null>(null);

  const placeOf = (event: DragEvent<HTMLElement>): DropPlace => {
    const box = event.currentTarget.getBoundingClientRect();
    const y = (event.clientY - box.top) / box.height;
    return y < 0.3 ? 'before' : y > 0.7 ? 'after' : 'into';
  };

  const finishRename = async (save: boolean) => {
    if (!save || !name.trim() || name.trim() === node.name) {
      setName(node.name);
      setRenaming(false);
      return;
    }
    if (await actions.rename(node, name.trim())) setRenaming(false);
  };

  return (
    <li className="ac-cat" data-testid="group-node" data-gid={node.gid} data-name={node.name}>
      <div
        className="ac-cat-row"
        data-drop={place ?? undefined}
        draggable={!renaming}
        onDragStart={(event) => {
          event.stopPropagation();
          event.dataTransfer.effectAllowed = 'move';
          event.dataTransfer.setData('text/plain', node.gid);
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
            maxLength={GROUP_NAME_MAX}
            aria-label={t('admin.groups.renameLabel')}
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
          <span className="ac-cat-title" data-testid="group-name">
            {node.name}
          </span>
        )}
        <span className="ac-muted ac-cat-level" data-testid="group-members">
          {membersText(node.members ?? 0)}
        </span>
        <span className="ac-row-actions">
          <button type="button" className="btn btn-small btn-text" onClick={() => actions.addChild(node)} aria-label={`${t('admin.groups.addChild')} ${node.name}`}>
            {t('admin.groups.addChild')}
          </button>
          <button
            type="button"
            className="btn btn-small btn-text"
            onClick={() => {
              setName(node.name);
              setRenaming(true);
            }}
            aria-label={`${t('admin.groups.rename')} ${node.name}`}
          >
            {t('admin.groups.rename')}
          </button>
          <button type="button" className="btn btn-small btn-icon" disabled={busy || index === 0} onClick={() => actions.move(node, node.parent_id, index - 1)} aria-label={`${t('admin.common.moveUp')} ${node.name}`} title={t('admin.common.moveUp')}>
            ↑
          </button>
          <button type="button" className="btn btn-small btn-icon" disabled={busy || index >= count - 1} onClick={() => actions.move(node, node.parent_id, index + 1)} aria-label={`${t('admin.common.moveDown')} ${node.name}`} title={t('admin.common.moveDown')}>
            ↓
          </button>
          <button type="button" className="btn btn-small btn-text" onClick={() => setMoving((open) => !open)} aria-expanded={moving} aria-label={`${t('admin.groups.moveTo')} ${node.name}`}>
            {t('admin.groups.moveTo')}
          </button>
          <button type="button" className="btn btn-small btn-text ac-danger-text" onClick={() => actions.remove(node)} aria-label={`${t('admin.common.delete')} ${node.name}`}>
            {t('admin.common.delete')}
          </button>
        </span>
      </div>
      {moving && (
        <div className="ac-inline-form ac-cat-move">
          <label className="ac-muted">
            {t('admin.groups.moveUnder')}{' '}
            <select
              value={node.parent_id}
              data-testid="group-move-parent"
              onChange={(event) => {
                setMoving(false);
                if (event.target.value !== node.parent_id) actions.move(node, event.target.value, Number.MAX_SAFE_INTEGER);
              }}
            >
              <option value="0">{t('admin.groups.root')}</option>
              {flattenGroups(tree).map(({ node: other, depth }) => (
                <option key={other.gid} value={other.gid} disabled={!actions.canMoveUnder(node, other.gid)}>
                  {`${'\u00a0\u00a0'.repeat(depth)}${other.name}`}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
      {node.children.length > 0 && (
        <ul className="ac-cat-children">
          {node.children.map((child, childIndex) => (
            <GroupNodeRow key={child.gid} node={child} tree={tree} index={childIndex} count={node.children.length} busy={busy} actions={actions} membersText={membersText} />
          ))}
        </ul>
      )}
    </li>
  );
}
