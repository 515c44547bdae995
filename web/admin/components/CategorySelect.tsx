import type { SelectHTMLAttributes } from 'react';
import type { CategoryNode } from '../../../shared/schemas/categories';
import { flattenCategories } from '../hooks/useCatalogue';

interface CategorySelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> {
  tree: readonly CategoryNode[];
  value: string;
  onChange: (catid: string) => void;
  /** A first option for '0' (all categories, none, first level...). */
  rootLabel?: string;
  /** Ids that cannot be chosen (a category's own subtree when moving it). */
  disabledIds?: readonly string[];
  /** Only categories at most this deep can be chosen (a new parent must leave room below it). */
  maxDepth?: number;
}

/** A tree select: the school's categories as one list, indented by level (a native select, so phones show their own picker). */
export function CategorySelect({
  tree,
  value,
  onChange,
  rootLabel,
  disabledIds = [],
  maxDepth = 3,
  ...rest
}: CategorySelectProps) {
  const rows = flattenCategories(tree);
  return (
    <select {...rest} value={value} onChange={(event) => onChange(event.target.value)}>
      {rootLabel !== undefined && <option value="0">{rootLabel}</option>}
      {rows.map(({ node, depth }) => (
        <option key={node.catid} value={node.catid} disabled={disabledIds.includes(node.catid) || depth > maxDepth}>
          {`${'\u3000'.repeat(depth - 1)}${depth > 1 ? '└ ' : ''}${node.title}`}
        </option>
      ))}
    </select>
  );
}
