import { categoryCalls } from '../../../shared/calls/categories';
import { groupCalls } from '../../../shared/calls/groups';
import type { CategoryNode } from '../../../shared/schemas/categories';
import { columnCalls } from '../../../shared/calls/columns';
import { useCall } from '../../hooks/useCall';

/** The school's course category tree (GET course/catelist). */
export function useCategories() {
  const result = useCall(categoryCalls.catelist, { query: {} });
  // The third level's children are always empty (zCatelist), so every level is a CategoryNode.
  return { ...result, tree: (result.data?.cates ?? []) as CategoryNode[] };
}

/** The column categories (GET column/cate/list). */
export function useColumnCates() {
  const result = useCall(columnCalls.cateList, {});
  return { ...result, cates: result.data?.cates ?? [] };
}

/** The school's student groups (GET s/group/list). */
export function useGroups() {
  const result = useCall(groupCalls.student.list, {});
  return { ...result, groups: result.data?.groups ?? [] };
}

/** A category tree in display order with each node's depth (1-3) and its ancestors' ids. */
export interface FlatCategory {
  node: CategoryNode;
  depth: number;
  /** Titles from the first level down to this one. */
  path: string[];
}

export function flattenCategories(tree: readonly CategoryNode[], depth = 1, path: string[] = []): FlatCategory[] {
  return tree.flatMap((node) => {
    const own = [...path, node.title];
    return [{ node, depth, path: own }, ...flattenCategories(node.children, depth + 1, own)];
  });
}

/** The ids of a category and everything under it. */
export function subtreeIds(node: CategoryNode): string[] {
  return [node.catid, ...node.children.flatMap(subtreeIds)];
}

/** Finds a category in the tree. */
export function findCategory(tree: readonly CategoryNode[], catid: string): CategoryNode | undefined {
  for (const node of tree) {
    if (node.catid === catid) return node;
    const found = findCategory(node.children, catid);
    if (found) return found;
  }
  return undefined;
}
