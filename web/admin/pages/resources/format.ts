import type { MessageKey } from '../../../../shared/i18n';
import {
  RESOURCE_KINDS,
  type ResourceFolder,
  type ResourceKindName,
  type ResourceStatus,
} from '../../../../shared/schemas/resources';

/** Words and numbers of the resource library screen. */

export const KIND_LABEL: Record<ResourceKindName, MessageKey> = {
  video: 'admin.resources.kind.video',
  audio: 'admin.resources.kind.audio',
  pdf: 'admin.resources.kind.pdf',
  office: 'admin.resources.kind.office',
  ppt: 'admin.resources.kind.ppt',
  image: 'admin.resources.kind.image',
  other: 'admin.resources.kind.other',
};
export const KIND_OPTIONS = RESOURCE_KINDS.map((kind) => ({ value: kind, label: KIND_LABEL[kind] }));

export const STATUS_LABEL: Record<ResourceStatus, MessageKey> = {
  ready: 'admin.resources.status.ready',
  queued: 'admin.resources.status.queued',
  converting: 'admin.resources.status.converting',
  failed: 'admin.resources.status.failed',
  unconverted: 'admin.resources.status.unconverted',
};

/** 1536 → '1.5 KB'; bytes in binary units with at most one decimal. */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}

/** The folders in tree order with their depth (1 = top), for pickers. */
export function flattenFolders(
  folders: readonly ResourceFolder[],
  depth = 1,
): { folder: ResourceFolder; depth: number }[] {
  return folders.flatMap((folder) => [{ folder, depth }, ...flattenFolders(folder.children, depth + 1)]);
}

/** A folder's title by id ('' for the top or an unknown id). */
export function folderTitle(folders: readonly ResourceFolder[], id: string): string {
  return flattenFolders(folders).find(({ folder }) => folder.id === id)?.folder.title ?? '';
}

/** The folder and every folder below it. */
export function folderAndBelow(folders: readonly ResourceFolder[], id: string): string[] {
  const found = flattenFolders(folders).find(({ folder }) => folder.id === id)?.folder;
  return found ? [found.id, ...flattenFolders(found.children).map(({ folder }) => folder.id)] : [];
}
