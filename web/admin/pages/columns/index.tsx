import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { columnCalls } from '../../../../shared/calls/columns';
import { request } from '../../../api/client';
import { toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { DataTable, DeleteButton, RowActions } from '../../components/DataTable';
import { Field } from '../../components/Field';
import { ListToolbar, SearchForm } from '../../components/ListToolbar';
import { Modal } from '../../components/Modal';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { useColumnCates } from '../../hooks/useCatalogue';
import { useRevalidate } from '../../hooks/useRevalidate';
import { ColumnCatesPanel } from './ColumnCatesPanel';
import { useRowAction } from '../../hooks/useRowAction';
import { PinButton, PublishButton, PublishState } from '../../components/RowToggles';
import { formatPrice } from '../../../../shared/rules/text';

const PAGE_SIZE = 20;

const publishColumn = (coid: string, pub: boolean) =>
  request(columnCalls.publish, { body: { column_id: coid, pub: pub ? 1 : 0 } });
const pinColumn = (coid: string, top: boolean) =>
  request(columnCalls.pin, { body: { column_id: coid, top: top ? 1 : 0 } });
const deleteColumn = (coid: string) => request(columnCalls.remove, { body: { ids: [coid] } });

/** Columns (course bundles): list, create, publish, pin, delete, and their categories. */
export default function ColumnsPage() {
  const t = useT();
  const navigate = useNavigate();
  const revalidate = useRevalidate();
  const [page, setPage] = useState(1);
  const [cates, setCates] = useState('0');
  const [keyword, setKeyword] = useState('');
  const query = { page, num: PAGE_SIZE, cates, keyword };
  const { data, mutate } = useCall(columnCalls.adminList, { query }, { keepPreviousData: true });
  const { cates: columnCates } = useColumnCates();
  const [creating, setCreating] = useState(false);
  const [title, setTitle] = useState('');
  const rows = data?.list ?? [];

  const { busy, setBusy, run } = useRowAction(async () => {
    await mutate();
    void revalidate('column/admin/info', 'column/cate/list');
  });

  const handleCreate = async () => {
    if (!title.trim()) return toast(t('admin.common.required'));
    setBusy(true);
    const reply = await request(columnCalls.create, { body: { title: title.trim(), catid: cates } });
    setBusy(false);
    if (reply.status !== 'ok') return toast(failureText(t, reply));
    setCreating(false);
    void revalidate('column/admin/list', 'column/cate/list');
    navigate(`/columns/${reply.data.coid}`);
  };

  const cateName = (catid: string) =>
    catid === '0' ? t('admin.course.noCategory') : (columnCates.find((cate) => cate.catid === catid)?.title ?? '—');

  return (
    <div className="ac-page" data-testid="columns-page">
      <PageHeader title={t('admin.columns.title')}>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            setTitle('');
            setCreating(true);
          }}
        >
          {t('admin.columns.new')}
        </button>
      </PageHeader>
      <div className="ac-split">
        <section className="card ac-card ac-split-main">
          <ListToolbar>
            <SearchForm
              placeholder={t('admin.columns.searchPlaceholder')}
              onSearch={(value) => {
                setPage(1);
                setKeyword(value);
              }}
            />
            <select
              value={cates}
              aria-label={t('admin.columns.cate')}
              onChange={(event) => {
                setPage(1);
                setCates(event.target.value);
              }}
            >
              <option value="0">{t('admin.courses.allCategories')}</option>
              {columnCates.map((cate) => (
                <option key={cate.catid} value={cate.catid}>
                  {cate.title}
                </option>
              ))}
            </select>
          </ListToolbar>
          <DataTable
            columns={[
              t('admin.columns.name'),
              t('admin.columns.cate'),
              t('admin.course.price'),
              t('admin.columns.courses'),
              t('admin.courses.statusCol'),
            ]}
            empty={data && rows.length === 0 && t('admin.columns.empty')}
          >
            {rows.map((row) => (
              <tr key={row.coid} data-testid="column-row" data-id={row.coid}>
                <td data-label={t('admin.columns.name')}>
                  <Link to={`/columns/${row.coid}`} className="ac-strong">
                    {row.title}
                  </Link>
                  {row.top > 0 && <span className="badge">{t('admin.courses.pinned')}</span>}
                </td>
                <td data-label={t('admin.columns.cate')}>{cateName(row.catid)}</td>
                <td data-label={t('admin.course.price')}>
                  {row.actual > 0 ? formatPrice(row.actual) : t('admin.course.free')}
                </td>
                <td data-label={t('admin.columns.courses')}>{row.coids.length}</td>
                <td data-label={t('admin.courses.statusCol')}>
                  <PublishState published={!!row.pub} />
                </td>
                <RowActions>
                  <Link className="btn btn-small" to={`/columns/${row.coid}`}>
                    {t('admin.common.edit')}
                  </Link>
                  <PublishButton
                    on={!!row.pub}
                    busy={busy}
                    run={run}
                    toggle={(next) => publishColumn(row.coid, next)}
                  />
                  <PinButton on={row.top > 0} busy={busy} run={run} toggle={(next) => pinColumn(row.coid, next)} />
                  <DeleteButton
                    busy={busy}
                    confirmText={t('admin.columns.deleteOne', { title: row.title })}
                    onDelete={() => run(() => deleteColumn(row.coid), t('admin.columns.deleted'))}
                  />
                </RowActions>
              </tr>
            ))}
          </DataTable>
          {data && <Pager page={page} num={PAGE_SIZE} total={data.total} onPage={setPage} />}
        </section>
        <ColumnCatesPanel onChanged={() => void mutate()} />
      </div>
      {creating && (
        <Modal
          title={t('admin.columns.new')}
          submitText={t('admin.courses.create')}
          onSubmit={() => void handleCreate()}
          onClose={() => setCreating(false)}
          busy={busy}
          testId="create-column"
        >
          <Field label={t('admin.columns.name')}>
            <input value={title} maxLength={100} onChange={(event) => setTitle(event.target.value)} />
          </Field>
        </Modal>
      )}
    </div>
  );
}
