import { CATEGORY_MAX_DEPTH, type CategoryNode } from '../../../../shared/schemas/categories';
import { findCategory, subtreeIds } from '../../hooks/useCatalogue';
import type { DropPlace } from '../../components/TreeNodeRow';

export type { DropPlace };

/** Levels a category's subtree spans (1 for a leaf). */
export function subtreeHeight(node: CategoryNode): number {
  return 1 + Math.max(0, ...node.children.map(subtreeHeight));
}

/** The depth (1-3) of a category in the tree, 0 for the root '0'. */
export function depthOf(tree: readonly CategoryNode[], catid: string): number {
  if (catid === '0') return 0;
  const walk = (nodes: readonly CategoryNode[], depth: number): number => {
    for (const node of nodes) {
      if (node.catid === catid) return depth;
      const found = walk(node.children, depth + 1);
      if (found) return found;
    }
    return 0;
  };
  return walk(tree, 1);
}

/** Whether `node` may hang under `parentId` ('0' = first level): not inside itself, at most three levels. */
export function canMoveUnder(tree: readonly CategoryNode[], node: CategoryNode, parentId: string): boolean {
  if (parentId !== '0' && subtreeIds(node).includes(parentId)) return false;
  return depthOf(tree, parentId) + subtreeHeight(node) <= CATEGORY_MAX_DEPTH;
}

/** The siblings under a parent ('0' = first level). */
export function childrenOf(tree: readonly CategoryNode[], parentId: string): CategoryNode[] {
  return parentId === '0' ? [...tree] : (findCategory(tree, parentId)?.children ?? []);
}

/** The course/cate/update move for dropping `node` before, after or into `target`; null when refused or nothing moves. */
export function dropMove(
  tree: readonly CategoryNode[],
  node: CategoryNode,
  target: CategoryNode,
  place: DropPlace,
): { parent_id: string; position: number } | null {
  if (node.catid === target.catid) return null;
  if (place === 'into') {
    if (!canMoveUnder(tree, node, target.catid)) return null;
    return { parent_id: target.catid, position: target.children.filter((child) => child.catid !== node.catid).length };
  }
  const parentId = target.parent_id;
  if (!canMoveUnder(tree, node, parentId)) return null;
  const others = childrenOf(tree, parentId).filter((child) => child.catid !== node.catid);
  const position = others.findIndex((child) => child.catid === target.catid) + (place === 'after' ? 1 : 0);
  if (
    parentId === node.parent_id &&
    childrenOf(tree, parentId).findIndex((child) => child.catid === node.catid) === position
  )
    return null;
  return { parent_id: parentId, position };
}
