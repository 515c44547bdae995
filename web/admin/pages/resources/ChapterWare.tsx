import { useState } from 'react';
import useSWR, { type KeyedMutator } from 'swr';
import type { ChapterNode } from '../../../../shared/schemas/chapters';
import {
  kindsForChapter,
  resourceFitsChapter,
  type ChapterWareInfo,
  type ResourceList,
} from '../../../../shared/schemas/resources';
import { toast } from '../../../components/feedback';
import { fetchData } from '../../../hooks/fetcher';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { resourceCalls } from '../../../../shared/calls/resources';
import { request } from '../../../api/client';
import { chapterWaresKey, LIST_KEY } from '../../../api/resources';
import { useRevalidate } from '../../hooks/useRevalidate';
import { SearchForm } from '../../components/ListToolbar';
import { Pager } from '../../components/Pager';
import { KIND_LABEL } from './format';
import { StatusBadge } from './ResourceTable';

/**
 * The chapter editor's 'attach resource' (spec 3 'Ware info' rid): a button per chapter whose kind takes a
 * resource, opening a picker of the library's resources that fit (chapter/ware/candidates), and the attached
 * resource's name with change and detach.
 */

export type ChapterWares = { wares: ChapterWareInfo[]; mutate: KeyedMutator<{ wares: ChapterWareInfo[] }> };

/** The attached resources of a course's chapters (GET chapter/wares). */
export function useChapterWares(coid: string): ChapterWares {
  const { data, mutate } = useSWR<{ wares: ChapterWareInfo[] }>(chapterWaresKey(coid), fetchData, {
    revalidateOnFocus: false,
  });
  return { wares: data?.wares ?? [], mutate };
}

const PICK_PAGE = 8;

/** The resource picker: the library's resources that fit the chapter, searchable, paged; choosing attaches. */
export function ResourcePicker({
  chapter,
  onPicked,
  onClose,
}: {
  chapter: ChapterNode;
  onPicked: (ware: ChapterWareInfo) => void;
  onClose: () => void;
}) {
  const t = useT();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState(false);
  const key = ['chapter/ware/candidates', chapter.cid, page, search] as const;
  const { data, error } = useSWR<ResourceList & { accepts: string[] }>(key, async () => {
    const reply = await request(resourceCalls.wareCandidates, {
      query: { cid: chapter.cid, page, num: PICK_PAGE, searchStr: search || undefined },
    });
    if (reply.status !== 'ok') throw new Error(failureText(t, reply));
    return reply.data;
  });
  const kinds = kindsForChapter(chapter.type)
    .map((kind) => t(KIND_LABEL[kind]))
    .join('、');

  const choose = async (rid: string) => {
    setBusy(true);
    const reply = await request(resourceCalls.attachWare, { body: { cid: chapter.cid, rid } });
    setBusy(false);
    if (reply.status !== 'ok') return toast(failureText(t, reply));
    if (reply.data.ware) onPicked(reply.data.ware);
  };

  return (
    <div className="dialog-mask ac-modal-mask" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div
        className="dialog ac-modal rs-picker"
        role="dialog"
        aria-modal="true"
        aria-label={t('admin.ware.pickTitle', { title: chapter.title })}
        data-testid="resource-picker"
        onKeyDown={(event) => event.key === 'Escape' && onClose()}
      >
        <h2 className="dialog-title">{t('admin.ware.pickTitle', { title: chapter.title })}</h2>
        <p className="ac-hint">{t('admin.ware.accepts', { kinds })}</p>
        <SearchForm
          autoFocus
          maxLength={100}
          placeholder={t('admin.resources.searchPlaceholder')}
          onSearch={(value) => {
            setPage(1);
            setSearch(value);
          }}
        />
        {error && (
          <p className="ac-error" role="alert">
            {(error as Error).message}
          </p>
        )}
        {data && data.list.length === 0 && (
          <p className="ac-empty">{search ? t('admin.resources.noMatch') : t('admin.ware.noneFit')}</p>
        )}
        <ul className="rs-pick-list">
          {data?.list.map((item) => (
            <li key={item.rid} data-testid="picker-item" data-title={item.title}>
              <span className="ac-thumb">
                {item.thumb ? (
                  <img src={item.thumb} alt="" loading="lazy" />
                ) : (
                  <span aria-hidden="true">{item.ext}</span>
                )}
              </span>
              <span className="ac-course-name">
                <span className="ac-strong">{item.title}</span>
                <span className="ac-muted">
                  {t(KIND_LABEL[item.kind])} · {item.name}
                </span>
              </span>
              <StatusBadge item={item} />
              <button
                type="button"
                className="btn btn-small btn-primary"
                disabled={busy}
                onClick={() => void choose(item.rid)}
                aria-label={`${t('admin.ware.choose')} ${item.title}`}
              >
                {t('admin.ware.choose')}
              </button>
            </li>
          ))}
        </ul>
        {data && data.total > PICK_PAGE && <Pager page={page} num={PICK_PAGE} total={data.total} onPage={setPage} />}
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
      </div>
    </div>
  );
}

/** A chapter's attached resource with change and detach, or the attach button; nothing for kinds that take none. */
export function ChapterWareControl({ chapter, wares }: { chapter: ChapterNode; wares: ChapterWares }) {
  const t = useT();
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const revalidate = useRevalidate();
  const ware = wares.wares.find((entry) => entry.cid === chapter.cid);
  if (kindsForChapter(chapter.type).length === 0 && !ware) return null;
  const label = chapter.title;

  const detach = async () => {
    setBusy(true);
    const reply = await request(resourceCalls.attachWare, { body: { cid: chapter.cid, rid: '' } });
    setBusy(false);
    if (reply.status !== 'ok') return toast(failureText(t, reply));
    toast(t('admin.ware.detached'));
    await Promise.all([wares.mutate(), revalidate(LIST_KEY)]);
  };

  return (
    <span className="rs-ware" data-testid="chapter-ware" data-rid={ware?.rid ?? ''}>
      {ware ? (
        <>
          <span
            className={`rs-ware-name${resourceFitsChapter(chapter.type, ware.kind) ? '' : ' is-mismatch'}`}
            title={resourceFitsChapter(chapter.type, ware.kind) ? undefined : t('admin.ware.mismatch')}
          >
            {t('admin.ware.current', { title: ware.title })}
          </span>
          {/* The kind and the file's name: a PDF and a DOCX of the same title are told apart. */}
          <span className="ac-muted rs-ware-file" title={ware.name} data-testid="chapter-ware-file">
            {t(KIND_LABEL[ware.kind])} · {ware.name}
          </span>
          <button
            type="button"
            className="btn btn-small btn-text"
            disabled={busy}
            onClick={() => setPicking(true)}
            aria-label={`${t('admin.ware.change')} ${label}`}
          >
            {t('admin.ware.change')}
          </button>
          <button
            type="button"
            className="btn btn-small btn-text"
            disabled={busy}
            onClick={() => void detach()}
            aria-label={`${t('admin.ware.detach')} ${label}`}
          >
            {t('admin.ware.detach')}
          </button>
        </>
      ) : (
        <button
          type="button"
          className="btn btn-small"
          onClick={() => setPicking(true)}
          aria-label={`${t('admin.ware.attach')} ${label}`}
        >
          {t('admin.ware.attach')}
        </button>
      )}
      {picking && (
        <ResourcePicker
          chapter={chapter}
          onClose={() => setPicking(false)}
          onPicked={(picked) => {
            setPicking(false);
            toast(t('admin.ware.attached', { title: picked.title }));
            // The library's 'used by' counts change too.
            void Promise.all([wares.mutate(), revalidate(LIST_KEY)]);
          }}
        />
      )}
    </span>
  );
}
