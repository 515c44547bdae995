/**
 * The nested set of a school's categories, derived from parent_id and position (the truth): a virtual
 * root has lft 0, its children are numbered depth-first from 1, so a category's subtree is every row
 * with lft between its lft and rgt. Positions come out dense (0..n-1 among siblings).
 */

export interface TreeRow {
  id: string;
  parentId: string;
  position: number;
  createdAt: number;
}

/** Where a row sits in the numbered tree. */
export interface TreePlace {
  lft: number;
  rgt: number;
  depth: number;
  position: number;
}

const bySiblingOrder = (a: TreeRow, b: TreeRow) =>
  a.position - b.position || a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Numbers a tree: lft/rgt depth-first from 1 under the virtual root (lft 0, rgt 2n+1), depth from 1,
 * positions renumbered in sibling order. A row whose parent is missing hangs under the root.
 */
export function computeNestedSet(rows: readonly TreeRow[]): Map<string, TreePlace> {
  const ids = new Set(rows.map((row) => row.id));
  const children = new Map<string, TreeRow[]>();
  for (const row of rows) {
    const parent = row.parentId !== '0' && ids.has(row.parentId) && row.parentId !== row.id ? row.parentId : '0';
    const list = children.get(parent) ?? [];
    list.push(row);
    children.set(parent, list);
  }
  const places = new Map<string, TreePlace>();
  let counter = 0;
  // Iterative depth-first walk, so a (corrupt) deep chain cannot overflow the stack.
  const visit = (rootId: string) => {
    const stack: { row: TreeRow; depth: number; position: number; open: boolean }[] = [];
    const pushChildren = (parentId: string, depth: number) => {
      const list = [...(children.get(parentId) ?? [])].sort(bySiblingOrder);
      for (let i = list.length - 1; i >= 0; i--) stack.push({ row: list[i], depth, position: i, open: false });
    };
    pushChildren(rootId, 1);
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      if (!top.open) {
        if (places.has(top.row.id)) {
          stack.pop();
          continue;
        }
        top.open = true;
        places.set(top.row.id, { lft: ++counter, rgt: 0, depth: top.depth, position: top.position });
        pushChildren(top.row.id, top.depth + 1);
      } else {
        stack.pop();
        places.get(top.row.id)!.rgt = ++counter;
      }
    }
  };
  visit('0');
  // Rows caught in a parent cycle are unreachable from the root: hang them under it.
  if (places.size < rows.length)
    return computeNestedSet(rows.map((row) => (places.has(row.id) ? row : { ...row, parentId: '0' })));
  return places;
}

/** How many levels a subtree spans (1 for a leaf), from rows carrying their depth. */
export function subtreeHeight(rows: readonly { depth: number }[], rootDepth: number): number {
  return rows.reduce((most, row) => Math.max(most, row.depth - rootDepth + 1), 1);
}
