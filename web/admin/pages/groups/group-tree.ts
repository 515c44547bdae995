import type { Group } from '../../../../shared/schemas/groups';
import { moveProblem } from '../../../../shared/rules/group-tree';
import type { DropPlace } from '../../components/TreeNodeRow';

export type { DropPlace };

/** A group with its sub-groups, for the tree editor. */
export interface GroupNode extends Group {
  children: GroupNode[];
}

/** The flat s/group/list (or a/group/list) as a tree in order; a group whose parent is gone shows at the root. */
export function buildGroupTree(groups: readonly Group[]): GroupNode[] {
  const nodes = new Map(groups.map((g) => [g.gid, { ...g, children: [] as GroupNode[] }]));
  const roots: GroupNode[] = [];
  const ordered = [...nodes.values()].sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
  for (const node of ordered) {
    const parent = node.parent_id !== '0' ? nodes.get(node.parent_id) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The groups in display order with their depth (0 at the root), for the 'move to' picker. */
export function flattenGroups(tree: readonly GroupNode[], depth = 0): { node: GroupNode; depth: number }[] {
  return tree.flatMap((node) => [{ node, depth }, ...flattenGroups(node.children, depth + 1)]);
}

const asTree = (groups: readonly Group[]) => groups.map((g) => ({ id: g.gid, parentId: g.parent_id }));

/** Whether a group may hang under parentId ('0' = root): never under itself or its sub-groups (the server's rule). */
export function canMoveUnder(groups: readonly Group[], gid: string, parentId: string): boolean {
  return moveProblem(asTree(groups), gid, parentId) === null;
}

/** The move for dropping a group before, after or into another; null when refused or nothing moves. */
export function dropMove(
  groups: readonly Group[],
  gid: string,
  target: Group,
  place: DropPlace,
): { parentId: string; position: number } | null {
  if (gid === target.gid) return null;
  const parentId = place === 'into' ? target.gid : target.parent_id;
  if (!canMoveUnder(groups, gid, parentId)) return null;
  const siblings = groups
    .filter((g) => g.parent_id === parentId)
    .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name))
    .map((g) => g.gid);
  const others = siblings.filter((id) => id !== gid);
  const position = place === 'into' ? others.length : others.indexOf(target.gid) + (place === 'after' ? 1 : 0);
  const moving = groups.find((g) => g.gid === gid);
  if (moving?.parent_id === parentId && siblings.indexOf(gid) === position) return null;
  return { parentId, position };
}
