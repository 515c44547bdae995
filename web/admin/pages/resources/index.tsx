import type * as z from 'zod';
import { useRef, useState } from 'react';
import useSWR from 'swr';
import type { Reply } from '../../../../shared/envelope';
import {
  isPendingStatus,
  RESOURCE_ERRORS,
  RESOURCE_KINDS,
  RESOURCE_ORDERS,
  RESOURCE_TITLE_MAX,
  type FolderTree,
  type ResourceItem,
  type ResourceListQuery,
} from '../../../../shared/schemas/resources';
import { confirm, toast } from '../../../components/feedback';
import { fetchData } from '../../../hooks/fetcher';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { resourceCalls } from '../../../../shared/calls/resources';
import type { zResourceInUse } from '../../../../shared/schemas/resources';
import { request } from '../../../api/client';
import { FOLDERS_KEY, LIST_KEY } from '../../../api/resources';
import { LoadError } from '../../components/DataTable';
import { Field } from '../../components/Field';
import { ListToolbar, SearchForm } from '../../components/ListToolbar';
import { Modal } from '../../components/Modal';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { useQueryFilters } from '../../hooks/useQueryFilters';
import { useRevalidate } from '../../hooks/useRevalidate';
import { useUnsavedChanges } from '../../hooks/useUnsavedChanges';
import { FolderPanel } from './FolderPanel';
import { FolderSelect } from './FolderSelect';
import { folderTitle, KIND_OPTIONS } from './format';
import { PreviewDialog } from './PreviewDialog';
import { ResourceTable, type ResourceRowActions } from './ResourceTable';
import { UploadPanel } from './UploadPanel';
import { useUploads } from './useUploads';

const PAGE_SIZE = 20;
/** While a conversion runs the list refreshes this often (and not at all otherwise). */
const PENDING_REFRESH_MS = 3000;

async function fetchList([, json]: [string, string]) {
  const reply = await request(resourceCalls.list, { query: JSON.parse(json) as ResourceListQuery });
  if (reply.status !== 'ok') throw new Error(reply.error);
  return reply.data;
}

type Dialog = { kind: 'rename' | 'move'; item: ResourceItem; value: string } | null;

/** The resource library (资源库): folders, upload with progress, search, type filter, rename, move, delete, preview. */
export default function ResourcesPage() {
  const t = useT();
  const { params, page, setFilter } = useQueryFilters({ cate: '0', order: 'new', sub: '1' });
  const cate = /^\d+$/.test(params.get('cate') ?? '') ? params.get('cate')! : '0';
  const searchStr = params.get('q') ?? '';
  const fileType = (RESOURCE_KINDS as readonly string[]).includes(params.get('type') ?? '')
    ? (params.get('type') as (typeof RESOURCE_KINDS)[number])
    : '';
  const order = (RESOURCE_ORDERS as readonly string[]).includes(params.get('order') ?? '')
    ? (params.get('order') as (typeof RESOURCE_ORDERS)[number])
    : 'new';
  const showSub = params.get('sub') !== '0';
  const query: ResourceListQuery = {
    cate,
    page,
    num: PAGE_SIZE,
    searchStr: searchStr || undefined,
    fileType: fileType || undefined,
    order,
    showSub: showSub ? 1 : 0,
  };

  const folders = useSWR<FolderTree>(FOLDERS_KEY, fetchData);
  const list = useSWR([LIST_KEY, JSON.stringify(query)] as [string, string], fetchList, {
    keepPreviousData: true,
    // Status badges follow running conversions, and only while one runs.
    refreshInterval: (latest) => (latest?.list.some((item) => isPendingStatus(item.status)) ? PENDING_REFRESH_MS : 0),
  });
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [previewing, setPreviewing] = useState<ResourceItem | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const tree = folders.data?.categories ?? [];
  const rows = list.data?.list ?? [];

  const revalidate = useRevalidate();
  // Every cached page and folder of the library (lists are cached per query), and the chapter editor's picker.
  const refresh = () => revalidate(LIST_KEY, FOLDERS_KEY, 'chapter/ware/candidates');
  const uploads = useUploads((item) => {
    toast(t('admin.resources.added', { title: item.title }));
    void refresh();
  });
  // Leaving the screen would drop the upload list (the browser's own prompt on reload or close).
  useUnsavedChanges(uploads.active);

  const run = async <T,>(work: () => Promise<Reply<T>>, done: string): Promise<Reply<T>> => {
    setBusy(true);
    const reply = await work();
    setBusy(false);
    if (reply.status === 'ok') {
      toast(done);
      await refresh();
    }
    return reply;
  };

  /** Delete: a plain confirm; while chapters use it the server names them and a second, clear confirm forces it. */
  const remove = async (item: ResourceItem) => {
    if (
      !(await confirm({
        text: t('admin.resources.deleteOne', { title: item.title }),
        okText: t('admin.common.delete'),
      }))
    )
      return;
    let reply = await run(
      () => request(resourceCalls.delete, { body: { rid: item.rid } }),
      t('admin.resources.deleted'),
    );
    if (reply.status !== 'ok' && reply.error === RESOURCE_ERRORS.inUse) {
      const { chapters } = (reply.data ?? { chapters: [] }) as z.infer<typeof zResourceInUse>;
      const names = chapters.map((chapter) => `· ${chapter.courseTitle} / ${chapter.title}`).join('\n');
      if (
        !(await confirm({
          text: t('admin.resources.deleteInUse', { title: item.title, chapters: names }),
          okText: t('admin.resources.deleteAnyway'),
        }))
      )
        return;
      reply = await run(
        () => request(resourceCalls.delete, { body: { rid: item.rid, force: true } }),
        t('admin.resources.detached', { count: chapters.length }),
      );
    }
    if (reply.status !== 'ok') toast(failureText(t, reply));
  };

  const actions: ResourceRowActions = {
    preview: setPreviewing,
    rename: (item) => setDialog({ kind: 'rename', item, value: item.title }),
    move: (item) => setDialog({ kind: 'move', item, value: item.category.id }),
    remove: (item) => void remove(item),
    retry: (item) =>
      void run(() => request(resourceCalls.retry, { body: { rid: item.rid } }), t('admin.resources.retried')).then(
        (reply) => reply.status !== 'ok' && toast(failureText(t, reply)),
      ),
  };

  const submitDialog = async () => {
    if (!dialog) return;
    const reply =
      dialog.kind === 'rename'
        ? dialog.value.trim()
          ? await run(
              () => request(resourceCalls.rename, { body: { rid: dialog.item.rid, title: dialog.value.trim() } }),
              t('admin.resources.renamed'),
            )
          : null
        : await run(
            () => request(resourceCalls.move, { body: { rids: [dialog.item.rid], cate: dialog.value } }),
            t('admin.resources.moved', { folder: folderTitle(tree, dialog.value) || t('admin.resources.topLevel') }),
          );
    if (!reply) return toast(t('admin.common.required'));
    if (reply.status === 'ok') setDialog(null);
    else toast(failureText(t, reply));
  };

  const filtered = !!(searchStr || fileType);
  const uploadFolder = cate === '0' ? t('admin.resources.topLevel') : folderTitle(tree, cate);

  return (
    <div className="ac-page rs-page" data-testid="resources-page">
      <PageHeader title={t('admin.resources.title')}>
        <span className="ac-muted">{t('admin.resources.uploadTo', { folder: uploadFolder })}</span>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => fileInput.current?.click()}
          data-testid="upload-button"
        >
          {t('admin.resources.upload')}
        </button>
        <input
          ref={fileInput}
          type="file"
          multiple
          hidden
          data-testid="upload-input"
          onChange={(event) => {
            uploads.add([...(event.target.files ?? [])], cate);
            event.target.value = '';
          }}
        />
      </PageHeader>
      <UploadPanel uploads={uploads} />
      <div className="ac-split ac-split-left">
        <FolderPanel
          tree={folders.data}
          selected={cate}
          onSelect={(id) => setFilter({ cate: id })}
          onChanged={async (next) => Promise.all([folders.mutate(next, { revalidate: false }), revalidate(LIST_KEY)])}
        />
        <section className="card ac-card">
          <ListToolbar>
            <SearchForm
              maxLength={100}
              placeholder={t('admin.resources.searchPlaceholder')}
              initial={searchStr}
              onSearch={(value) => setFilter({ q: value })}
            />
            <select
              value={fileType}
              onChange={(event) => setFilter({ type: event.target.value })}
              aria-label={t('admin.resources.col.kind')}
              data-testid="type-filter"
            >
              <option value="">{t('admin.resources.allTypes')}</option>
              {KIND_OPTIONS.map((kind) => (
                <option key={kind.value} value={kind.value}>
                  {t(kind.label)}
                </option>
              ))}
            </select>
            <select
              value={order}
              onChange={(event) => setFilter({ order: event.target.value })}
              aria-label={t('admin.resources.order')}
            >
              {RESOURCE_ORDERS.map((value) => (
                <option key={value} value={value}>
                  {t(`admin.resources.order.${value}`)}
                </option>
              ))}
            </select>
            <label className="ac-check ac-check-inline">
              <input
                type="checkbox"
                checked={showSub}
                onChange={(event) => setFilter({ sub: event.target.checked ? '1' : '0' })}
              />
              <span>{t('admin.resources.showSub')}</span>
            </label>
          </ListToolbar>
          {list.error && !list.data ? (
            <LoadError onRetry={() => void list.mutate()} />
          ) : (
            <>
              <ResourceTable rows={rows} busy={busy} actions={actions} />
              {list.data && rows.length === 0 && (
                <p className="ac-empty">{filtered ? t('admin.resources.noMatch') : t('admin.resources.empty')}</p>
              )}
            </>
          )}
          {list.data && (
            <Pager
              page={page}
              num={PAGE_SIZE}
              total={list.data.total}
              onPage={(next) => setFilter({ page: String(next) })}
            />
          )}
        </section>
      </div>
      {dialog && (
        <Modal
          title={
            dialog.kind === 'rename'
              ? t('admin.resources.renameTitle')
              : t('admin.resources.moveTitle', { title: dialog.item.title })
          }
          submitText={dialog.kind === 'rename' ? t('admin.common.save') : t('admin.resources.move')}
          busy={busy}
          onClose={() => setDialog(null)}
          onSubmit={() => void submitDialog()}
          testId="resource-dialog"
        >
          {dialog.kind === 'rename' ? (
            <Field label={t('admin.resources.resourceTitle')}>
              <input
                value={dialog.value}
                maxLength={RESOURCE_TITLE_MAX}
                onChange={(event) => setDialog({ ...dialog, value: event.target.value })}
              />
            </Field>
          ) : (
            <Field label={t('admin.resources.moveTo')}>
              <FolderSelect
                folders={tree}
                value={dialog.value}
                onChange={(value) => setDialog({ ...dialog, value })}
                rootLabel={t('admin.resources.topLevel')}
              />
            </Field>
          )}
        </Modal>
      )}
      {previewing && (
        <PreviewDialog
          item={rows.find((row) => row.rid === previewing.rid) ?? previewing}
          onClose={() => setPreviewing(null)}
          onChanged={() => void refresh()}
        />
      )}
    </div>
  );
}
