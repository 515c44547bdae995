import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateMinutes } from '../../../../shared/rules/dates';
import type { AdminStudent } from '../../../../shared/schemas/students';
import { groupCalls } from '../../../../shared/calls/groups';
import { studentCalls } from '../../../../shared/calls/students';
import { studentFieldCalls } from '../../../../shared/calls/student-fields';
import { request } from '../../../api/client';
import { confirm, toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useLocale, useT } from '../../../i18n';
import { studentDownloadUrl, studentFilterQuery } from '../../../api/students';
import { studentFailureText } from './student-failure';
import { DataTable, LoadError, PersonCell, RowActions } from '../../components/DataTable';
import { ListToolbar, SearchForm } from '../../components/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { useQueryFilters } from '../../hooks/useQueryFilters';
import { ActivityPanel } from './ActivityPanel';
import { StudentForm } from './StudentForm';
import { HoldingsDialog } from './HoldingsDialog';
import { PointsDialog } from '../points/PointsDialog';

const PAGE_SIZE = 20;
const STATUSES = ['all', 'enabled', 'disabled'] as const;
const SOURCES = ['all', 'local', 'ldap'] as const;

/**
 * The student list (学员列表, permission student; spec 7 Students): search by user
 * name, name, e-mail or phone; filters by group, status and source (kept in the address); paging; add and edit
 * in a dialog with the school's custom fields; bulk disable ('delete' keeps every record) and enable; export of
 * the filtered list; the import screen; the school's study by month.
 */
export default function StudentsPage() {
  const t = useT();
  const locale = useLocale();
  const [selected, setSelected] = useState<string[]>([]);
  const { params, page, setFilter } = useQueryFilters({ status: 'all', source: 'all' }, () => setSelected([]));
  const filter = {
    keyword: params.get('keyword') ?? '',
    gid: params.get('gid') ?? '',
    status: params.get('status') ?? 'all',
    source: params.get('source') ?? 'all',
  };
  const [editing, setEditing] = useState<AdminStudent | 'new' | null>(null);
  const [holdingsOf, setHoldingsOf] = useState<{ sid: string; name: string } | null>(null);
  const [pointsOf, setPointsOf] = useState<{ sid: string; name: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const query = { ...studentFilterQuery(filter), page, num: PAGE_SIZE };
  const list = useCall(studentCalls.list, { query }, { keepPreviousData: true });
  // The same keys as the fields and groups screens, so a change there shows here at once.
  const fields = useCall(studentFieldCalls.list, {});
  const groups = useCall(groupCalls.student.list, {});
  const rows = list.data?.list ?? [];
  const visibleSelected = selected.filter((sid) => rows.some((row) => row.sid === sid));

  const changeState = async (sids: string[], disable: boolean) => {
    if (sids.length === 0) return;
    if (
      disable &&
      !(await confirm({
        text: t('admin.students.disableConfirm', { count: sids.length }),
        okText: t('admin.students.disable'),
      }))
    )
      return;
    setBusy(true);
    const reply = await request(disable ? studentCalls.disable : studentCalls.enable, { body: { sids } });
    setBusy(false);
    if (reply.status !== 'ok') return toast(studentFailureText(t, reply));
    toast(t(disable ? 'admin.students.disabled' : 'admin.students.enabled', { count: reply.data.count }));
    setSelected([]);
    await list.mutate();
  };

  return (
    <div className="ac-page" data-testid="students-page">
      <PageHeader title={t('admin.students.title')}>
        <Link className="btn" to="/students/import" data-testid="open-import">
          {t('admin.students.import')}
        </Link>
        <a className="btn" href={studentDownloadUrl(filter, 'xlsx')} download data-testid="export-xlsx">
          {t('admin.students.exportXlsx')}
        </a>
        <a className="btn" href={studentDownloadUrl(filter, 'csv')} download data-testid="export-csv">
          {t('admin.students.exportCsv')}
        </a>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')} data-testid="add-student">
          {t('admin.students.add')}
        </button>
      </PageHeader>

      <section className="card ac-card">
        <ListToolbar>
          <SearchForm
            placeholder={t('admin.students.searchPlaceholder')}
            initial={filter.keyword}
            maxLength={64}
            onSearch={(keyword) => setFilter({ keyword })}
          />
          <select
            aria-label={t('admin.students.filter.group')}
            value={filter.gid}
            onChange={(event) => setFilter({ gid: event.target.value })}
            data-testid="group-filter"
          >
            <option value="">{t('admin.students.allGroups')}</option>
            {(groups.data?.groups ?? []).map((group) => (
              <option key={group.gid} value={group.gid}>
                {group.name}
              </option>
            ))}
          </select>
          <select
            aria-label={t('admin.students.filter.status')}
            value={filter.status}
            onChange={(event) => setFilter({ status: event.target.value })}
            data-testid="status-filter"
          >
            {STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`admin.students.status.${status}`)}
              </option>
            ))}
          </select>
          <select
            aria-label={t('admin.students.filter.source')}
            value={filter.source}
            onChange={(event) => setFilter({ source: event.target.value })}
            data-testid="source-filter"
          >
            {SOURCES.map((source) => (
              <option key={source} value={source}>
                {t(`admin.students.source.${source}`)}
              </option>
            ))}
          </select>
        </ListToolbar>

        <div className="ac-bulk" data-testid="bulk-bar">
          <span className="ac-muted">{t('admin.common.selected', { count: visibleSelected.length })}</span>
          <button
            type="button"
            className="btn btn-small btn-danger-outline"
            disabled={visibleSelected.length === 0 || busy}
            onClick={() => void changeState(visibleSelected, true)}
            data-testid="bulk-disable"
          >
            {t('admin.students.bulkDisable')}
          </button>
          <button
            type="button"
            className="btn btn-small"
            disabled={visibleSelected.length === 0 || busy}
            onClick={() => void changeState(visibleSelected, false)}
            data-testid="bulk-enable"
          >
            {t('admin.students.bulkEnable')}
          </button>
        </div>

        {list.error && !list.data ? (
          <LoadError onRetry={() => void list.mutate()} />
        ) : (
          <DataTable
            columns={[
              {
                label: (
                  <input
                    type="checkbox"
                    aria-label={t('admin.common.selectAll')}
                    checked={rows.length > 0 && visibleSelected.length === rows.length}
                    onChange={(event) => setSelected(event.target.checked ? rows.map((row) => row.sid) : [])}
                  />
                ),
                className: 'ac-col-check',
              },
              t('admin.students.col.name'),
              t('admin.students.col.phone'),
              t('admin.students.col.groups'),
              t('admin.students.col.status'),
              t('admin.students.col.created'),
            ]}
            empty={list.data && rows.length === 0 && t('admin.students.empty')}
          >
            {rows.map((row) => (
              <tr key={row.sid} data-testid="student-row" data-sid={row.sid} data-username={row.username}>
                <td className="ac-col-check">
                  <input
                    type="checkbox"
                    aria-label={t('admin.common.selectRow', { title: row.name })}
                    checked={selected.includes(row.sid)}
                    onChange={(event) =>
                      setSelected((current) =>
                        event.target.checked ? [...current, row.sid] : current.filter((sid) => sid !== row.sid),
                      )
                    }
                  />
                </td>
                <PersonCell label={t('admin.students.col.name')} name={row.name} username={row.username} />
                <td data-label={t('admin.students.col.phone')}>
                  {row.phone}
                  {row.email && <p className="ac-muted">{row.email}</p>}
                </td>
                <td data-label={t('admin.students.col.groups')}>{row.groups.map((group) => group.name).join('、')}</td>
                <td data-label={t('admin.students.col.status')} data-testid="student-status">
                  {row.disabled ? (
                    <span className="badge badge-muted">
                      {row.disabledBy === 'ldap'
                        ? t('admin.students.disabledByLdap')
                        : t('admin.students.status.disabled')}
                    </span>
                  ) : (
                    t('admin.students.status.enabled')
                  )}
                  {row.source === 'ldap' && <p className="ac-muted">{t('admin.students.source.ldap')}</p>}
                </td>
                <td data-label={t('admin.students.col.created')} className="ac-muted">
                  {formatDateMinutes(row.createTime, locale)}
                  <p>
                    {t('admin.students.col.lastLogin')}:{' '}
                    {row.lastLoginTime ? formatDateMinutes(row.lastLoginTime, locale) : t('admin.students.never')}
                  </p>
                </td>
                <RowActions>
                  <button
                    type="button"
                    className="btn btn-small"
                    disabled={busy}
                    onClick={() => setEditing(row)}
                    data-testid="edit-student"
                  >
                    {t('admin.common.edit')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-small"
                    onClick={() => setHoldingsOf(row)}
                    data-testid="student-holdings-open"
                  >
                    {t('admin.grants.holdings')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-small"
                    onClick={() => setPointsOf(row)}
                    data-testid="student-points-open"
                  >
                    {t('admin.points.detail')}
                  </button>
                  {row.disabled ? (
                    <button
                      type="button"
                      className="btn btn-small"
                      disabled={busy}
                      onClick={() => void changeState([row.sid], false)}
                      data-testid="enable-student"
                    >
                      {t('admin.students.enable')}
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-small btn-danger-outline"
                      disabled={busy}
                      onClick={() => void changeState([row.sid], true)}
                      data-testid="disable-student"
                    >
                      {t('admin.students.disable')}
                    </button>
                  )}
                </RowActions>
              </tr>
            ))}
          </DataTable>
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

      <ActivityPanel />

      {holdingsOf && <HoldingsDialog sid={holdingsOf.sid} name={holdingsOf.name} onClose={() => setHoldingsOf(null)} />}
      {pointsOf && <PointsDialog sid={pointsOf.sid} name={pointsOf.name} onClose={() => setPointsOf(null)} />}

      {editing && (
        <StudentForm
          student={editing === 'new' ? null : editing}
          fields={fields.data?.fields ?? []}
          groups={groups.data?.groups ?? []}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void list.mutate();
          }}
        />
      )}
    </div>
  );
}
