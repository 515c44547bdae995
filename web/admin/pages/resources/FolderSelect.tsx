import type { SelectHTMLAttributes } from 'react';
import type { ResourceFolder } from '../../../../shared/schemas/resources';
import { flattenFolders } from './format';

interface FolderSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> {
  folders: readonly ResourceFolder[];
  value: string;
  onChange: (id: string) => void;
  /** The first option, for '0' (the top level). */
  rootLabel: string;
  /** Folders that cannot be chosen (a folder's own subtree when moving it). */
  disabledIds?: readonly string[];
}

/** The library's folders as one indented native select (the folder picker of move dialogs). */
export function FolderSelect({ folders, value, onChange, rootLabel, disabledIds = [], ...rest }: FolderSelectProps) {
  return (
    <select {...rest} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="0">{rootLabel}</option>
      {flattenFolders(folders).map(({ folder, depth }) => (
        <option key={folder.id} value={folder.id} disabled={disabledIds.includes(folder.id)}>
          {`${'\u3000'.repeat(depth - 1)}${depth > 1 ? '└ ' : ''}${folder.title}`}
        </option>
      ))}
    </select>
  );
}
