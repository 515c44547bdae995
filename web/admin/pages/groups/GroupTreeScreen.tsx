import { useMemo, useState } from 'react';
import { groupCalls } from '../../../../shared/calls/groups';
import type { Failure, Reply } from '../../../../shared/envelope';
import { GROUP_ERRORS, GROUP_NAME_MAX, type GroupKind, type GroupList } from '../../../../shared/schemas/groups';
import { confirm, toast } from '../../../components/feedback';
import { request } from '../../../api/client';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { Field } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { PageHeader } from '../../components/PageHeader';
import { TreeNodeRow, type TreeRowActions, type TreeRowKind } from '../../components/TreeNodeRow';
import { buildGroupTree, canMoveUnder, dropMove, flattenGroups, type GroupNode } from './group-tree';

/** The screen's own words per kind of tree. */
const WORDS = {
  student: { title: 'admin.groups.title', hint: 'admin.groups.hint', members: 'admin.groups.members' },
  admin: { title: 'admin.adminGroups.title', hint: 'admin.adminGroups.hint', members: 'admin.adminGroups.members' },
} as const;

/** The largest position the move call takes: 'last among the new siblings'. */
const LAST = 100_000;

/**
 * A group tree editor (spec 7 s/group and a/group: add, list, rename, move, delete), used by /groups for
 * student groups and /admin-groups for the sub-admins' groups.
 */
export function GroupTreeScreen({ kind }: { kind: GroupKind }) {
  const t = useT();
  const words = WORDS[kind];
  const calls = groupCalls[kind];
  const { data, mutate, isLoading } = useCall(calls.list, {});
  const groups = useMemo(() => data?.groups ?? [], [data]);
  const tree = useMemo(() => buildGroupTree(groups), [groups]);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [childOf, setChildOf] = useState<GroupNode | null>(null);
  const [childName, setChildName] = useState('');
  const [dragged, setDragged] = useState<GroupNode | null>(null);

  const failure = (reply: Failure) => {
    if (reply.error === GROUP_ERRORS.nameTaken) return t('admin.groups.nameTaken');
    if (reply.error === GROUP_ERRORS.cycle) return t('admin.groups.cycle');
    if (reply.error === GROUP_ERRORS.hasChildren) return t('admin.groups.hasChildren');
    if (reply.error === GROUP_ERRORS.inUse) {
      const uses = (reply.data ?? {}) as { courses?: number; plans?: number; exams?: number };
      return t('admin.groups.inUse', { courses: uses.courses ?? 0, plans: uses.plans ?? 0, exams: uses.exams ?? 0 });
    }
    return failureText(t, reply);
  };

  const run = async (work: () => Promise<Reply<GroupList>>, done?: string): Promise<boolean> => {
    setBusy(true);
    const reply = await work();
    setBusy(false);
    if (reply.status !== 'ok') {
      toast(failure(reply));
      return false;
    }
    if (done) toast(done);
    await mutate({ groups: reply.data.groups }, { revalidate: false });
    return true;
  };

  const move = (node: GroupNode, parentId: string, position: number) =>
    void run(
      () =>
        request(calls.move, {
          body: { gid: node.gid, parent_id: parentId, position: Math.max(0, Math.min(position, LAST)) },
        }),
      t('admin.common.moved'),
    );

  const actions: TreeRowActions<GroupNode> = {
    rename: (node, value) =>
      run(() => request(calls.rename, { body: { gid: node.gid, name: value } }), t('admin.groups.renamed')),
    addChild: (node) => {
      setChildOf(node);
      setChildName('');
    },
    move,
    remove: (node) =>
      void confirm({ text: t('admin.groups.deleteOne', { name: node.name }), okText: t('admin.common.delete') }).then(
        (ok) => {
          if (ok) void run(() => request(calls.remove, { body: { gid: node.gid } }), t('admin.groups.deleted'));
        },
      ),
    dragStart: setDragged,
    dragEnd: () => setDragged(null),
    canDrop: (target, place) => !!dragged && dropMove(groups, dragged.gid, target, place) !== null,
    drop: (target, place) => {
      const node = dragged;
      setDragged(null);
      const next = node ? dropMove(groups, node.gid, target, place) : null;
      if (node && next) move(node, next.parentId, next.position);
    },
  };

  const rowKind: TreeRowKind<GroupNode> = {
    idOf: (node) => node.gid,
    nameOf: (node) => node.name,
    nameMax: GROUP_NAME_MAX,
    testIds: { node: 'group-node', name: 'group-name' },
    dataOf: (node) => ({ 'data-gid': node.gid, 'data-name': node.name }),
    words: {
      renameLabel: t('admin.groups.renameLabel'),
      addChild: t('admin.groups.addChild'),
      rename: t('admin.groups.rename'),
      moveTo: t('admin.groups.moveTo'),
    },
    info: (node) => (
      <span className="ac-muted ac-cat-level" data-testid="group-members">
        {t(words.members, { count: node.members ?? 0 })}
      </span>
    ),
    movePicker: (node, close) => (
      <label className="ac-muted">
        {t('admin.groups.moveUnder')}{' '}
        <select
          value={node.parent_id}
          data-testid="group-move-parent"
          onChange={(event) => {
            close();
            if (event.target.value !== node.parent_id) move(node, event.target.value, Number.MAX_SAFE_INTEGER);
          }}
        >
          <option value="0">{t('admin.groups.root')}</option>
          {flattenGroups(tree).map(({ node: other, depth }) => (
            <option key={other.gid} value={other.gid} disabled={!canMoveUnder(groups, node.gid, other.gid)}>
              {`${'\u00a0\u00a0'.repeat(depth)}${other.name}`}
            </option>
          ))}
        </select>
      </label>
    ),
  };

  const handleAdd = async (parentId: string, value: string) => {
    if (!value.trim()) return toast(t('admin.groups.nameRequired'));
    const body = { name: value.trim(), parent_id: parentId };
    const ok = await run(() => request(calls.add, { body }), t('admin.groups.added'));
    if (ok && parentId === '0') setName('');
    if (ok && parentId !== '0') setChildOf(null);
  };

  return (
    <div className="ac-page" data-testid={`${kind}-groups-page`}>
      <PageHeader title={t(words.title)} />
      <section className="card ac-card">
        <form
          className="ac-inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            void handleAdd('0', name);
          }}
        >
          <input
            value={name}
            maxLength={GROUP_NAME_MAX}
            placeholder={t('admin.groups.newPlaceholder')}
            aria-label={t('admin.groups.newPlaceholder')}
            onChange={(event) => setName(event.target.value)}
          />
          <button type="submit" className="btn btn-primary btn-small" disabled={busy} data-testid="add-group">
            {t('admin.groups.addTop')}
          </button>
        </form>
        <p className="ac-hint">{t(words.hint)}</p>
        {!isLoading && tree.length === 0 && <p className="ac-empty">{t('admin.groups.empty')}</p>}
        <ul className={`ac-cats${dragged ? ' is-dragging' : ''}`} data-testid="group-tree">
          {tree.map((node, index) => (
            <TreeNodeRow
              key={node.gid}
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
          title={t('admin.groups.addChildTo', { name: childOf.name })}
          submitText={t('admin.groups.add')}
          onSubmit={() => void handleAdd(childOf.gid, childName)}
          onClose={() => setChildOf(null)}
          busy={busy}
          testId="add-child-group"
        >
          <Field label={t('admin.groups.name')}>
            <input
              value={childName}
              maxLength={GROUP_NAME_MAX}
              onChange={(event) => setChildName(event.target.value)}
            />
          </Field>
        </Modal>
      )}
    </div>
  );
}
