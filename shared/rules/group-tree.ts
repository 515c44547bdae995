/** Pure rules of a group tree (student groups and admin groups, spec 7 s/group and a/group move). */

export interface TreeNode {
  id: string;
  /** null (or '0') at the root. */
  parentId: string | null;
}

const rootOf = (parentId: string | null) => (parentId === null || parentId === '0' ? null : parentId);

/** The ids of a group's sub-groups at every depth (not the group itself). */
export function descendantIds(nodes: readonly TreeNode[], id: string): Set<string> {
  const children = new Map<string, string[]>();
  for (const node of nodes) {
    const parent = rootOf(node.parentId);
    if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), node.id]);
  }
  const found = new Set<string>();
  const stack = [...(children.get(id) ?? [])];
  while (stack.length) {
    const next = stack.pop()!;
    if (found.has(next)) continue; // a damaged tree with a loop still ends
    found.add(next);
    stack.push(...(children.get(next) ?? []));
  }
  return found;
}

/**
 * Why a group cannot move under a new parent, or null when it can: no group moves under itself or one of its
 * sub-groups (that would cut the branch off the tree in a loop). The root ('0' or null) always takes it.
 */
export function moveProblem(
  nodes: readonly TreeNode[],
  id: string,
  newParentId: string | null,
): 'self' | 'descendant' | null {
  const parent = rootOf(newParentId);
  if (parent === null) return null;
  if (parent === id) return 'self';
  return descendantIds(nodes, id).has(parent) ? 'descendant' : null;
}

/** The sibling ids in their new order once `id` is placed at `position` (clamped) among them. */
export function placeAmong(siblingIds: readonly string[], id: string, position: number): string[] {
  const rest = siblingIds.filter((s) => s !== id);
  const at = Math.max(0, Math.min(Math.trunc(position), rest.length));
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}
