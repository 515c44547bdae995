/** Reading the school's category tree (course/catelist) for the catalogue state and the home sections. */
import { toCategory, type Category } from '../../../shared/rules/catalogue-state';
import type { CategoryNode } from '../../../shared/schemas/categories';

/** Every category of the tree as the catalogue state's Category, parents before children. */
export function flattenTree(tree: readonly CategoryNode[]): Category[] {
  const out: Category[] = [];
  const walk = (nodes: readonly CategoryNode[]) => {
    for (const node of nodes) {
      out.push(toCategory(node));
      walk(node.children ?? []);
    }
  };
  walk(tree);
  return out;
}

/** The node of catid anywhere in the tree, or null. */
export function findNode(tree: readonly CategoryNode[], catid: string): CategoryNode | null {
  for (const node of tree) {
    if (node.catid === catid) return node;
    const found = findNode(node.children ?? [], catid);
    if (found) return found;
  }
  return null;
}

/** The children of catid ('0' = the first level) as catalogue categories. */
export function childrenOf(tree: readonly CategoryNode[], catid: string): Category[] {
  const nodes = catid === '0' ? tree : (findNode(tree, catid)?.children ?? []);
  return nodes.map(toCategory);
}

/** catid and every category below it. */
export function subtreeIds(node: CategoryNode): Set<string> {
  const ids = new Set<string>();
  const walk = (current: CategoryNode) => {
    ids.add(current.catid);
    for (const child of current.children ?? []) walk(child);
  };
  walk(node);
  return ids;
}
