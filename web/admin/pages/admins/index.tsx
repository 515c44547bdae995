import { useState } from 'react';
import { adminCalls } from '../../../../shared/calls/admins';
import type { Reply } from '../../../../shared/envelope';
import type { SubAdmin } from '../../../../shared/schemas/admins';
import { request } from '../../../api/client';
import { toast, confirm } from '../../../components/feedback';
import { useAdminProfile } from '../../../hooks/useAdminProfile';
import { useT } from '../../../i18n';
import { useCall } from '../../../hooks/useCall';
import { DataTable, DeleteButton, LoadError, RowActions } from '../../components/DataTable';
import { ListToolbar, SearchForm } from '../../components/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { useFormatTime } from '../exams/format';
import { isMainAdmin } from '../../menu';
import { permissionLabel } from './PermissionFields';
import { adminFailure, PermissionDialog, SubAdminDialog, useAdminGroups } from './SubAdminDialog';

const PAGE_SIZE = 20;

/**
 * Sub-admins (spec 6, spec 7 Admins; permission admin): search, group filter, add, edit, permissions and
 * categories, disable/enable, delete. The main admin is never listed. A sub-admin holding 'admin' sees the
 * sub-admins holding more than it read-only (the server refuses those changes anyway).
 */
export default function AdminsPage() {
  const t = useT();
  const formatTime = useFormatTime();
  const { data: me } = useAdminProfile();
  const groups = useAdminGroups();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [groupId, setGroupId] = useState('');
  const [dialog, setDialog] = useState<{ kind: 'add' } | { kind: 'edit' | 'permissions'; row: SubAdmin } | null>(null);
  const [busy, setBusy] = useState(false);
  const { data, error, mutate } = useCall(
    adminCalls.list,
    { query: { page, num: PAGE_SIZE, keyword, groupId } },
    { keepPreviousData: true },
  );
  const rows = data?.list ?? [];

  /** True when the signed-in admin may change this row (the main admin: all; an 'admin' holder: those holding nothing more). */
  const inReach = (row: SubAdmin) => {
    if (!me || isMainAdmin(me)) return true;
    if (row.id === me.id) return false;
    const scope = me.categories;
    const within =
      scope.length === 0 || (row.categories.length > 0 && row.categories.every((c) => scope.includes(c.id)));
    return row.permissions.every((p) => me.permissions.includes(p)) && within;
  };
  const run = async (work: () => Promise<Reply<unknown>>, done: string) => {
    setBusy(true);
    const reply = await work();
    setBusy(false);
    if (reply.status !== 'ok') return toast(adminFailure(t, reply));
    toast(done);
    await mutate();
  };
  const toggleDisabled = async (row: SubAdmin) => {
    if (
      !row.disabled &&
      !(await confirm({ text: t('admin.admins.disableOne', { name: row.name }), okText: t('admin.admins.disable') }))
    )
      return;
    await run(
      () => request(adminCalls.update, { body: { id: row.id, disabled: !row.disabled } }),
      row.disabled ? t('admin.admins.enabledDone') : t('admin.admins.disabledDone'),
    );
  };
  const closeAndReload = () => {
    setDialog(null);
    void mutate();
  };

  return (
    <div className="ac-page" data-testid="admins-page">
      <PageHeader title={t('admin.menu.admins')}>
        <button
          type="button"
          className="btn btn-primary btn-small"
          onClick={() => setDialog({ kind: 'add' })}
          data-testid="add-sub-admin"
        >
          {t('admin.admins.add')}
        </button>
      </PageHeader>
      <section className="card ac-card">
        <ListToolbar>
          <SearchForm
            placeholder={t('admin.admins.search')}
            onSearch={(value) => {
              setPage(1);
              setKeyword(value);
            }}
          />
          <select
            value={groupId}
            aria-label={t('admin.admins.group')}
            data-testid="group-filter"
            onChange={(event) => {
              setPage(1);
              setGroupId(event.target.value);
            }}
          >
            <option value="">{t('admin.admins.allGroups')}</option>
            {groups.map((group) => (
              <option key={group.gid} value={group.gid}>
                {group.name}
              </option>
            ))}
          </select>
        </ListToolbar>
        {error && !data ? (
          <LoadError onRetry={() => void mutate()} />
        ) : (
          <DataTable
            columns={[
              t('admin.admins.name'),
              t('admin.admins.permissions'),
              t('admin.admins.categories'),
              t('admin.admins.group'),
              t('admin.admins.state'),
              t('admin.admins.lastLogin'),
            ]}
            empty={data && rows.length === 0 && t('admin.admins.empty')}
          >
            {rows.map((row) => (
              <tr key={row.id} data-testid="sub-admin-row" data-username={row.username}>
                <td data-label={t('admin.admins.name')}>
                  <span className="ac-strong">{row.name}</span>
                  <p className="ac-muted">{row.username}</p>
                </td>
                <td data-label={t('admin.admins.permissions')}>
                  {row.permissions.map((p) => t(permissionLabel(p))).join('、') || '—'}
                </td>
                <td data-label={t('admin.admins.categories')}>
                  {row.categories.length === 0
                    ? t('admin.admins.allCategories')
                    : row.categories.map((c) => c.name).join('、')}
                </td>
                <td data-label={t('admin.admins.group')}>{row.group?.name ?? '—'}</td>
                <td data-label={t('admin.admins.state')} data-testid="sub-admin-state">
                  {row.disabled ? t('admin.admins.disabled') : t('admin.admins.enabled')}
                </td>
                <td data-label={t('admin.admins.lastLogin')}>
                  {row.lastLogin ? formatTime(row.lastLogin) : t('admin.admins.never')}
                </td>
                {inReach(row) ? (
                  <RowActions>
                    <button type="button" className="btn btn-small" onClick={() => setDialog({ kind: 'edit', row })}>
                      {t('admin.common.edit')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-small"
                      onClick={() => setDialog({ kind: 'permissions', row })}
                      data-testid="set-permission"
                    >
                      {t('admin.admins.setPermission')}
                    </button>
                    <button
                      type="button"
                      className="btn btn-small"
                      disabled={busy}
                      onClick={() => void toggleDisabled(row)}
                      data-testid="toggle-disabled"
                    >
                      {row.disabled ? t('admin.admins.enable') : t('admin.admins.disable')}
                    </button>
                    <DeleteButton
                      busy={busy}
                      confirmText={t('admin.admins.deleteOne', { name: row.name })}
                      onDelete={() =>
                        run(() => request(adminCalls.delete, { body: { ids: [row.id] } }), t('admin.admins.deleted'))
                      }
                    />
                  </RowActions>
                ) : (
                  <RowActions>
                    <span className="ac-muted" title={t('admin.admins.beyondReach')}>
                      {t('admin.admins.beyondReach')}
                    </span>
                  </RowActions>
                )}
              </tr>
            ))}
          </DataTable>
        )}
        {data && <Pager page={page} num={PAGE_SIZE} total={data.total} onPage={setPage} />}
      </section>
      {dialog?.kind === 'add' && (
        <SubAdminDialog editing={null} onClose={() => setDialog(null)} onDone={closeAndReload} />
      )}
      {dialog?.kind === 'edit' && (
        <SubAdminDialog editing={dialog.row} onClose={() => setDialog(null)} onDone={closeAndReload} />
      )}
      {dialog?.kind === 'permissions' && (
        <PermissionDialog target={dialog.row} onClose={() => setDialog(null)} onDone={closeAndReload} />
      )}
    </div>
  );
}
