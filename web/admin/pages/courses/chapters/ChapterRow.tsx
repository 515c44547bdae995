import { useState, type DragEvent, type ReactNode } from 'react';
import type { ChapterNode } from '../../../../../shared/schemas/chapters';
import { useT } from '../../../../i18n';
import { CHAPTER_KINDS } from './chapter-tree';

export interface ChapterActions {
  rename: (cid: string, title: string) => Promise<boolean>;
  setKind: (cid: string, type: number) => void;
  setFree: (cid: string, free: boolean) => void;
  setFlag: (cid: string, flag: 'allowdownload' | 'showgrade', on: boolean) => void;
  describe: (cid: string, description: string) => Promise<boolean>;
  move: (cid: string, parentId: string, position: number) => void;
  remove: (chapter: ChapterNode) => void;
  addSub: (parent: ChapterNode) => void;
}

interface ChapterRowProps {
  chapter: ChapterNode;
  parentId: string;
  index: number;
  count: number;
  /** Top-level chapters this one may move under ('move to'). */
  parents: ChapterNode[];
  actions: ChapterActions;
  busy: boolean;
  drag: {
    onDragStart: (event: DragEvent<HTMLElement>) => void;
    onDragOver: (event: DragEvent<HTMLElement>) => void;
    onDrop: (event: DragEvent<HTMLElement>) => void;
    onDragEnd: () => void;
    onDragLeave: () => void;
    drop: 'before' | 'after' | undefined;
  };
  /** The attached library resource and its attach button (web/admin/pages/resources/ChapterWare). */
  ware?: ReactNode;
}

/** One chapter or subchapter: inline rename, kind, free, download, grading, description, order and move, delete. */
export function ChapterRow({ chapter, parentId, index, count, parents, actions, busy, drag, ware }: ChapterRowProps) {
  const t = useT();
  const [renaming, setRenaming] = useState(false);
  const [title, setTitle] = useState(chapter.title);
  const [describing, setDescribing] = useState(false);
  const [description, setDescription] = useState(chapter.description);
  const top = parentId === '0';
  const label = chapter.title;

  const finishRename = async (save: boolean) => {
    if (!save || title.trim() === chapter.title || !title.trim()) {
      setTitle(chapter.title);
      setRenaming(false);
      return;
    }
    if (await actions.rename(chapter.cid, title.trim())) setRenaming(false);
  };

  const startRename = () => {
    setTitle(chapter.title);
    setRenaming(true);
  };

  const moveTargets = chapter.children.length > 0 ? [] : parents.filter((parent) => parent.cid !== chapter.cid);

  return (
    <div
      className={`ac-chapter-row${top ? ' is-top' : ''}`}
      data-testid="chapter-row"
      data-cid={chapter.cid}
      data-title={chapter.title}
      data-drop={drag.drop}
      draggable={!renaming && !describing}
      onDragStart={drag.onDragStart}
      onDragOver={drag.onDragOver}
      onDrop={drag.onDrop}
      onDragEnd={drag.onDragEnd}
      onDragLeave={drag.onDragLeave}
    >
      <div className="ac-chapter-main">
        <span className="ac-grip" aria-hidden="true" title={t('admin.common.dragHint')}>
          ⋮⋮
        </span>
        <span className="ac-chapter-index">
          {top ? t('admin.chapters.chapterNo', { n: index + 1 }) : `${index + 1}.`}
        </span>
        {renaming ? (
          <input
            className="ac-inline-input"
            autoFocus
            value={title}
            maxLength={100}
            aria-label={t('admin.chapters.renameLabel')}
            onChange={(event) => setTitle(event.target.value)}
            onBlur={() => void finishRename(true)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void finishRename(true);
              }
              if (event.key === 'Escape') {
                event.preventDefault();
                void finishRename(false);
              }
            }}
          />
        ) : (
          <button
            type="button"
            className="ac-chapter-title"
            onClick={startRename}
            title={t('admin.chapters.rename')}
            data-testid="chapter-title"
          >
            {chapter.title}
          </button>
        )}
        {chapter.free && <span className="badge ac-free">{t('admin.chapters.freeBadge')}</span>}
        <span className="ac-row-actions ac-chapter-order">
          <button
            type="button"
            className="btn btn-small btn-icon"
            disabled={busy || index === 0}
            aria-label={`${t('admin.common.moveUp')} ${label}`}
            title={t('admin.common.moveUp')}
            onClick={() => actions.move(chapter.cid, parentId, index - 1)}
          >
            ↑
          </button>
          <button
            type="button"
            className="btn btn-small btn-icon"
            disabled={busy || index >= count - 1}
            aria-label={`${t('admin.common.moveDown')} ${label}`}
            title={t('admin.common.moveDown')}
            onClick={() => actions.move(chapter.cid, parentId, index + 1)}
          >
            ↓
          </button>
        </span>
      </div>
      <div className="ac-chapter-tools">
        <select
          value={chapter.type}
          aria-label={`${t('admin.chapters.kind')} ${label}`}
          disabled={busy}
          onChange={(event) => actions.setKind(chapter.cid, Number(event.target.value))}
        >
          {CHAPTER_KINDS.map((kind) => (
            <option key={kind.value} value={kind.value}>
              {t(kind.label)}
            </option>
          ))}
        </select>
        <label className="ac-check ac-check-inline">
          <input
            type="checkbox"
            checked={chapter.free}
            disabled={busy}
            onChange={(event) => actions.setFree(chapter.cid, event.target.checked)}
            aria-label={`${t('admin.chapters.free')} ${label}`}
          />
          <span>{t('admin.chapters.free')}</span>
        </label>
        <label className="ac-check ac-check-inline">
          <input
            type="checkbox"
            checked={chapter.allowdownload}
            disabled={busy}
            onChange={(event) => actions.setFlag(chapter.cid, 'allowdownload', event.target.checked)}
          />
          <span>{t('admin.chapters.allowdownload')}</span>
        </label>
        <label className="ac-check ac-check-inline">
          <input
            type="checkbox"
            checked={chapter.showgrade}
            disabled={busy}
            onChange={(event) => actions.setFlag(chapter.cid, 'showgrade', event.target.checked)}
          />
          <span>{t('admin.chapters.showgrade')}</span>
        </label>
        {ware}
        <span className="ac-row-actions">
          {top ? (
            <button
              type="button"
              className="btn btn-small btn-text"
              onClick={() => actions.addSub(chapter)}
              aria-label={`${t('admin.chapters.addSub')} ${label}`}
            >
              {t('admin.chapters.addSub')}
            </button>
          ) : null}
          <button
            type="button"
            className="btn btn-small btn-text"
            onClick={startRename}
            aria-label={`${t('admin.chapters.rename')} ${label}`}
          >
            {t('admin.chapters.rename')}
          </button>
          <button
            type="button"
            className="btn btn-small btn-text"
            onClick={() => setDescribing((open) => !open)}
            aria-expanded={describing}
          >
            {t('admin.chapters.description')}
          </button>
          {(moveTargets.length > 0 || !top) && (
            <select
              className="ac-move-select"
              value=""
              disabled={busy}
              aria-label={`${t('admin.chapters.moveTo')} ${label}`}
              onChange={(event) =>
                event.target.value &&
                actions.move(
                  chapter.cid,
                  event.target.value === 'top' ? '0' : event.target.value,
                  Number.MAX_SAFE_INTEGER,
                )
              }
            >
              <option value="">{t('admin.chapters.moveTo')}</option>
              {!top && <option value="top">{t('admin.chapters.toTop')}</option>}
              {moveTargets
                .filter((parent) => parent.cid !== parentId)
                .map((parent) => (
                  <option key={parent.cid} value={parent.cid}>
                    {t('admin.chapters.under', { title: parent.title })}
                  </option>
                ))}
            </select>
          )}
          <button
            type="button"
            className="btn btn-small btn-text ac-danger-text"
            onClick={() => actions.remove(chapter)}
            aria-label={`${t('admin.common.delete')} ${label}`}
          >
            {t('admin.common.delete')}
          </button>
        </span>
      </div>
      {describing && (
        <div className="ac-chapter-desc">
          <textarea
            rows={3}
            value={description}
            aria-label={t('admin.chapters.description')}
            placeholder={t('admin.chapters.descriptionHint')}
            onChange={(event) => setDescription(event.target.value)}
          />
          <div className="ac-row-actions">
            <button
              type="button"
              className="btn btn-small btn-primary"
              disabled={busy}
              onClick={() => void actions.describe(chapter.cid, description).then((ok) => ok && setDescribing(false))}
            >
              {t('admin.common.save')}
            </button>
            <button
              type="button"
              className="btn btn-small"
              onClick={() => {
                setDescription(chapter.description);
                setDescribing(false);
              }}
            >
              {t('common.cancel')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
