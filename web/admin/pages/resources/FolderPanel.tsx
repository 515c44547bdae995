import { useState } from 'react';
import type { Reply } from '../../../../shared/envelope';
import {
  RESOURCE_ERRORS,
  FOLDER_TITLE_MAX,
  type FolderTree,
  type ResourceFolder,
} from '../../../../shared/schemas/resources';
import { alert, confirm, toast } from '../../../components/feedback';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { resourceCalls } from '../../../../shared/calls/resources';
import { request } from '../../../api/client';
import { Field } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { FolderSelect } from './FolderSelect';
import { flattenFolders, folderAndBelow } from './format';

type Dialog = { kind: 'sub' | 'rename' | 'move'; folder: ResourceFolder; value: string } | null;

interface FolderPanelProps {
  tree: FolderTree | undefined;
  selected: string;
  onSelect: (id: string) => void;
  /** After a change: the new tree (and the lists refresh). */
  onChanged: (tree: FolderTree) => Promise<unknown>;
}

/** The library's folder tree: choose a folder; add, rename, move and delete folders (delete refused while not empty). */
export function FolderPanel({ tree, selected, onSelect, onChanged }: FolderPanelProps) {
  const t = useT();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const folders = tree?.categories ?? [];
  const rows = flattenFolders(folders);
  const current = rows.find(({ folder }) => folder.id === selected)?.folder ?? null;

  const run = async (work: () => Promise<Reply<FolderTree>>, done: string): Promise<FolderTree | null> => {
    setBusy(true);
    const reply = await work();
    setBusy(false);
    if (reply.status !== 'ok') {
      toast(failureText(t, reply));
      return null;
    }
    toast(done);
    await onChanged(reply.data);
    return reply.data;
  };

  const remove = async (folder: ResourceFolder) => {
    if (
      !(await confirm({
        text: t('admin.resources.deleteFolder', { title: folder.title }),
        okText: t('admin.common.delete'),
      }))
    )
      return;
    setBusy(true);
    const reply = await request(resourceCalls.deleteFolder, { body: { id: folder.id } });
    setBusy(false);
    if (reply.status === 'ok') {
      toast(t('admin.resources.folderDeleted'));
      onSelect(folder.parent_id);
      await onChanged(reply.data);
      return;
    }
    if (reply.error === RESOURCE_ERRORS.folderNotEmpty) {
      const counts = (reply.data ?? {}) as { resources?: number; folders?: number };
      await alert({
        text: t('admin.resources.folderNotEmpty', {
          title: folder.title,
          resources: counts.resources ?? 0,
          folders: counts.folders ?? 0,
        }),
      });
      return;
    }
    toast(failureText(t, reply));
  };

  const submitDialog = async () => {
    if (!dialog) return;
    const value = dialog.value.trim();
    if (dialog.kind !== 'move' && !value) return toast(t('admin.common.required'));
    let result: FolderTree | null = null;
    if (dialog.kind === 'sub') {
      result = await run(
        () => request(resourceCalls.addFolder, { body: { title: value, parent_id: dialog.folder.id } }),
        t('admin.resources.folderAdded'),
      );
      const added = result as (FolderTree & { id?: string }) | null;
      if (added?.id) onSelect(added.id);
    }
    if (dialog.kind === 'rename')
      result = await run(
        () => request(resourceCalls.renameFolder, { body: { id: dialog.folder.id, title: value } }),
        t('admin.resources.folderRenamed'),
      );
    if (dialog.kind === 'move')
      result = await run(
        () => request(resourceCalls.moveFolder, { body: { id: dialog.folder.id, parent_id: dialog.value } }),
        t('admin.resources.folderMoved'),
      );
    if (result) setDialog(null);
  };

  return (
    <section className="card ac-card ac-side-card rs-folders" data-testid="folder-panel">
      <h2 className="section-title">{t('admin.resources.folders')}</h2>
      <form
        className="ac-inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!name.trim()) return;
          void run(
            () => request(resourceCalls.addFolder, { body: { title: name.trim(), parent_id: '0' } }),
            t('admin.resources.folderAdded'),
          ).then((result) => {
            if (!result) return;
            setName('');
            const added = result as FolderTree & { id?: string };
            if (added.id) onSelect(added.id);
          });
        }}
      >
        <input
          value={name}
          maxLength={FOLDER_TITLE_MAX}
          placeholder={t('admin.resources.newFolder')}
          aria-label={t('admin.resources.newFolder')}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" className="btn btn-small btn-primary" disabled={busy} data-testid="add-folder">
          {t('admin.resources.addFolder')}
        </button>
      </form>
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a list as an ARIA tree (APG pattern) */}
      <ul className="rs-folder-list" role="tree" aria-label={t('admin.resources.folders')}>
        <li role="none">
          <button
            type="button"
            role="treeitem"
            aria-selected={selected === '0'}
            className={`rs-folder${selected === '0' ? ' is-selected' : ''}`}
            onClick={() => onSelect('0')}
            data-testid="folder-item"
            data-id="0"
          >
            <span className="rs-folder-name">{t('admin.resources.allResources')}</span>
            <span className="ac-muted">{tree?.total ?? ''}</span>
          </button>
        </li>
        {rows.map(({ folder, depth }) => (
          <li key={folder.id} role="none">
            <button
              type="button"
              role="treeitem"
              aria-level={depth}
              aria-selected={selected === folder.id}
              className={`rs-folder${selected === folder.id ? ' is-selected' : ''}`}
              style={{ paddingLeft: `${10 + depth * 16}px` }}
              onClick={() => onSelect(folder.id)}
              data-testid="folder-item"
              data-id={folder.id}
              data-title={folder.title}
            >
              <span className="rs-folder-icon" aria-hidden="true">
                ▸
              </span>
              <span className="rs-folder-name">{folder.title}</span>
              <span className="ac-muted">{folder.count}</span>
            </button>
          </li>
        ))}
      </ul>
      {current && (
        <div className="rs-folder-actions" data-testid="folder-actions">
          <span className="ac-muted rs-folder-current">{current.title}</span>
          <span className="ac-row-actions">
            <button
              type="button"
              className="btn btn-small btn-text"
              disabled={busy}
              onClick={() => setDialog({ kind: 'sub', folder: current, value: '' })}
            >
              {t('admin.resources.addSubfolder')}
            </button>
            <button
              type="button"
              className="btn btn-small btn-text"
              disabled={busy}
              onClick={() => setDialog({ kind: 'rename', folder: current, value: current.title })}
            >
              {t('admin.resources.rename')}
            </button>
            <button
              type="button"
              className="btn btn-small btn-text"
              disabled={busy}
              onClick={() => setDialog({ kind: 'move', folder: current, value: current.parent_id })}
            >
              {t('admin.resources.move')}
            </button>
            <button
              type="button"
              className="btn btn-small btn-text ac-danger-text"
              disabled={busy}
              onClick={() => void remove(current)}
            >
              {t('admin.resources.delete')}
            </button>
          </span>
        </div>
      )}
      {dialog && (
        <Modal
          title={
            dialog.kind === 'sub'
              ? `${t('admin.resources.addSubfolder')}：${dialog.folder.title}`
              : dialog.kind === 'rename'
                ? t('admin.resources.rename')
                : t('admin.resources.moveFolderTitle', { title: dialog.folder.title })
          }
          submitText={dialog.kind === 'move' ? t('admin.resources.move') : t('admin.common.save')}
          busy={busy}
          onClose={() => setDialog(null)}
          onSubmit={() => void submitDialog()}
          testId="folder-dialog"
        >
          {dialog.kind === 'move' ? (
            <Field label={t('admin.resources.moveTo')}>
              <FolderSelect
                folders={folders}
                value={dialog.value}
                onChange={(value) => setDialog({ ...dialog, value })}
                rootLabel={t('admin.resources.topLevel')}
                disabledIds={folderAndBelow(folders, dialog.folder.id)}
              />
            </Field>
          ) : (
            <Field label={t('admin.resources.folderName')}>
              <input
                value={dialog.value}
                maxLength={FOLDER_TITLE_MAX}
                onChange={(event) => setDialog({ ...dialog, value: event.target.value })}
              />
            </Field>
          )}
        </Modal>
      )}
    </section>
  );
}
