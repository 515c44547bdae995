import { useState, type DragEvent } from 'react';
import { chapterCalls } from '../../../../../shared/calls/chapters';
import type { Reply } from '../../../../../shared/envelope';
import { CHAPTER_TYPE, type ChapterList, type ChapterNode } from '../../../../../shared/schemas/chapters';
import { confirm, toast } from '../../../../components/feedback';
import { request } from '../../../../api/client';
import { useCall } from '../../../../hooks/useCall';
import { useT } from '../../../../i18n';
import { failureText } from '../../../api/errors';
import { CHAPTER_KINDS, countChapters, dropBeside, type Dragged } from './chapter-tree';
import { ChapterRow, type ChapterActions } from './ChapterRow';
import { ChapterWareControl, useChapterWares } from '../../resources/ChapterWare';
import { ChapterExercisesControl, useCourseExercises } from '../ChapterExercises';

/** The course's chapter tree: add, rename inline, kind, free, download, grading, description, reorder and move (drag or buttons), delete. */
export function ChapterEditor({ coid }: { coid: string }) {
  const t = useT();
  const { data, mutate } = useCall(chapterCalls.list, { params: { id: coid } }, { revalidateOnFocus: false });
  const [busy, setBusy] = useState(false);
  const [title, setTitle] = useState('');
  const [kind, setKind] = useState(0);
  const [subFor, setSubFor] = useState<string | null>(null);
  const [subTitle, setSubTitle] = useState('');
  const [subKind, setSubKind] = useState<number>(CHAPTER_TYPE.video);
  const [dragged, setDragged] = useState<Dragged | null>(null);
  const [over, setOver] = useState<{ cid: string; after: boolean } | null>(null);
  // The library resource attached to each chapter.
  const wares = useChapterWares(coid);
  // The exercise set of each chapter.
  const exercises = useCourseExercises(coid);

  if (!data) return null;
  const tree = data.chapters;
  const counts = countChapters(tree);

  /** Runs a call, reports a failure, refreshes the tree; true when it worked. */
  const run = async <T,>(
    work: () => Promise<Reply<T>>,
    done?: string,
    apply?: (value: T) => ChapterList,
  ): Promise<boolean> => {
    setBusy(true);
    const reply = await work();
    setBusy(false);
    if (reply.status !== 'ok') {
      toast(failureText(t, reply));
      return false;
    }
    if (done) toast(done);
    if (apply) await mutate(apply(reply.data), { revalidate: false });
    else await mutate();
    return true;
  };

  const move = (cid: string, parentId: string, position: number) =>
    void run(
      () => request(chapterCalls.move, { body: { cid, parent_id: parentId, position: Math.max(0, position) } }),
      undefined,
      (value) => ({ ...data, chapters: value.chapters }),
    );

  const actions: ChapterActions = {
    rename: (cid, value) => run(() => request(chapterCalls.rename, { body: { cid, title: value } })),
    setKind: (cid, type) => void run(() => request(chapterCalls.update, { body: { cid, type } })),
    setFree: (cid, free) =>
      void run(
        () => request(chapterCalls.setFree, { body: { cid, free } }),
        free ? t('admin.chapters.freeOn') : t('admin.chapters.freeOff'),
      ),
    setFlag: (cid, flag, on) => void run(() => request(chapterCalls.update, { body: { cid, [flag]: on } })),
    describe: (cid, description) =>
      run(() => request(chapterCalls.update, { body: { cid, description } }), t('admin.common.saved')),
    move,
    remove: (chapter) =>
      void confirm({
        text:
          chapter.children.length > 0
            ? t('admin.chapters.deleteWithSubs', { title: chapter.title, count: chapter.children.length })
            : t('admin.chapters.deleteOne', { title: chapter.title }),
        okText: t('admin.common.delete'),
      }).then(
        (ok) =>
          ok && run(() => request(chapterCalls.remove, { body: { cid: chapter.cid } }), t('admin.chapters.deleted')),
      ),
    addSub: (parent) => {
      setSubFor(parent.cid);
      setSubTitle('');
    },
  };

  const handleAdd = async (parentId: string, value: string, type: number) => {
    if (!value.trim()) return toast(t('admin.chapters.titleRequired'));
    const body = { coid, parent_id: parentId, title: value.trim(), type };
    const ok = await run(() => request(chapterCalls.add, { body }), t('admin.chapters.added'));
    if (!ok) return;
    if (parentId === '0') setTitle('');
    else setSubTitle('');
  };

  // Drag and drop: before/after a row (under that row's parent), or into a chapter's drop zone (as its last subchapter).
  const dragProps = (chapter: ChapterNode, parentId: string) => {
    const halfAfter = (event: DragEvent<HTMLElement>) => {
      const box = event.currentTarget.getBoundingClientRect();
      return event.clientY > box.top + box.height / 2;
    };
    const refused = (target: string) => dragged !== null && target !== '0' && dragged.hasChildren;
    return {
      drop: over?.cid === chapter.cid ? (over.after ? ('after' as const) : ('before' as const)) : undefined,
      onDragStart: (event: DragEvent<HTMLElement>) => {
        event.stopPropagation();
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', chapter.cid);
        setDragged({ cid: chapter.cid, parentId, hasChildren: chapter.children.length > 0 });
      },
      onDragOver: (event: DragEvent<HTMLElement>) => {
        if (!dragged || refused(parentId) || dragged.cid === chapter.cid) return;
        event.preventDefault();
        event.stopPropagation();
        const after = halfAfter(event);
        if (over?.cid !== chapter.cid || over.after !== after) setOver({ cid: chapter.cid, after });
      },
      onDragLeave: () => setOver((current) => (current?.cid === chapter.cid ? null : current)),
      onDrop: (event: DragEvent<HTMLElement>) => {
        event.preventDefault();
        event.stopPropagation();
        const after = halfAfter(event);
        const source = dragged;
        setDragged(null);
        setOver(null);
        if (!source) return;
        const target = dropBeside(tree, source, { cid: chapter.cid, parentId }, after);
        if (target) move(source.cid, target.parentId, target.position);
      },
      onDragEnd: () => {
        setDragged(null);
        setOver(null);
      },
    };
  };

  const dropInto = (parent: ChapterNode) => ({
    onDragOver: (event: DragEvent<HTMLElement>) => {
      if (!dragged || dragged.hasChildren || dragged.cid === parent.cid) return;
      event.preventDefault();
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      const source = dragged;
      setDragged(null);
      setOver(null);
      if (source) move(source.cid, parent.cid, parent.children.filter((child) => child.cid !== source.cid).length);
    },
  });

  return (
    <section className="card ac-card" data-testid="chapter-editor">
      <div className="ac-section-head">
        <h2 className="section-title">{t('admin.chapters.title')}</h2>
        <span className="ac-muted">{t('admin.chapters.counts', counts)}</span>
      </div>
      <p className="ac-hint">{t('admin.chapters.dragHint')}</p>
      {tree.length === 0 && <p className="ac-empty">{t('admin.chapters.empty')}</p>}
      <ol className={`ac-chapters${dragged ? ' is-dragging' : ''}`}>
        {tree.map((chapter, index) => (
          <li key={chapter.cid} className="ac-chapter">
            <ChapterRow
              chapter={chapter}
              parentId="0"
              index={index}
              count={tree.length}
              parents={tree}
              actions={actions}
              busy={busy}
              drag={dragProps(chapter, '0')}
              ware={
                <>
                  <ChapterWareControl chapter={chapter} wares={wares} />
                  <ChapterExercisesControl coid={coid} chapter={chapter} exercises={exercises} />
                </>
              }
            />
            <ol className="ac-subchapters">
              {chapter.children.map((sub, subIndex) => (
                <li key={sub.cid}>
                  <ChapterRow
                    chapter={sub}
                    parentId={chapter.cid}
                    index={subIndex}
                    count={chapter.children.length}
                    parents={tree}
                    actions={actions}
                    busy={busy}
                    drag={dragProps(sub, chapter.cid)}
                    ware={
                      <>
                        <ChapterWareControl chapter={sub} wares={wares} />
                        <ChapterExercisesControl coid={coid} chapter={sub} exercises={exercises} />
                      </>
                    }
                  />
                </li>
              ))}
              {dragged && !dragged.hasChildren && dragged.cid !== chapter.cid && (
                <li className="ac-dropzone" {...dropInto(chapter)} data-testid="chapter-dropzone">
                  {t('admin.chapters.dropInto', { title: chapter.title })}
                </li>
              )}
            </ol>
            {subFor === chapter.cid && (
              <form
                className="ac-inline-form ac-sub-form"
                onSubmit={(event) => {
                  event.preventDefault();
                  void handleAdd(chapter.cid, subTitle, subKind);
                }}
              >
                <input
                  autoFocus
                  value={subTitle}
                  maxLength={100}
                  placeholder={t('admin.chapters.subPlaceholder')}
                  aria-label={t('admin.chapters.subPlaceholder')}
                  onChange={(event) => setSubTitle(event.target.value)}
                />
                <select
                  value={subKind}
                  onChange={(event) => setSubKind(Number(event.target.value))}
                  aria-label={t('admin.chapters.kind')}
                >
                  {CHAPTER_KINDS.map((item) => (
                    <option key={item.value} value={item.value}>
                      {t(item.label)}
                    </option>
                  ))}
                </select>
                <button type="submit" className="btn btn-small btn-primary" disabled={busy}>
                  {t('admin.chapters.addSubShort')}
                </button>
                <button type="button" className="btn btn-small" onClick={() => setSubFor(null)}>
                  {t('common.close')}
                </button>
              </form>
            )}
          </li>
        ))}
      </ol>
      <form
        className="ac-inline-form ac-add-chapter"
        onSubmit={(event) => {
          event.preventDefault();
          void handleAdd('0', title, kind);
        }}
      >
        <input
          value={title}
          maxLength={100}
          placeholder={t('admin.chapters.newPlaceholder')}
          aria-label={t('admin.chapters.newPlaceholder')}
          onChange={(event) => setTitle(event.target.value)}
        />
        <select
          value={kind}
          onChange={(event) => setKind(Number(event.target.value))}
          aria-label={t('admin.chapters.kind')}
        >
          {CHAPTER_KINDS.map((item) => (
            <option key={item.value} value={item.value}>
              {t(item.label)}
            </option>
          ))}
        </select>
        <button type="submit" className="btn btn-primary btn-small" disabled={busy} data-testid="add-chapter">
          {t('admin.chapters.add')}
        </button>
      </form>
    </section>
  );
}
