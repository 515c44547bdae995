import { useState } from 'react';
import type { PermissionGroup } from '../../../../shared/constants';
import { ADMIN_ERRORS, type SubAdmin } from '../../../../shared/schemas/admins';
import { adminCalls } from '../../../../shared/calls/admins';
import { groupCalls } from '../../../../shared/calls/groups';
import type { Failure } from '../../../../shared/envelope';
import { toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useT, type Translate } from '../../../i18n';
import { request } from '../../../api/client';
import { failureText, fieldErrorsOf } from '../../api/errors';
import { Field } from '../../components/Field';
import { Modal } from '../../components/Modal';
import { PermissionFields } from './PermissionFields';

/** A failure of the admins calls as a sentence. */
export function adminFailure(t: Translate, reply: Failure): string {
  if (reply.error === ADMIN_ERRORS.usernameTaken) return t('admin.admins.usernameTaken');
  if (reply.error === ADMIN_ERRORS.notGrantable) return t('admin.admins.notGrantable');
  if (reply.error === ADMIN_ERRORS.self) return t('admin.admins.self');
  return failureText(t, reply);
}

/** The admin groups (a/group/list) for the group pickers. */
export function useAdminGroups() {
  return useCall(groupCalls.admin.list, {}).data?.groups ?? [];
}

function GroupSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = useT();
  const groups = useAdminGroups();
  return (
    <select value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{t('admin.admins.noGroup')}</option>
      {groups.map((group) => (
        <option key={group.gid} value={group.gid}>
          {group.name}
        </option>
      ))}
    </select>
  );
}

/** Add a sub-admin (user name, name, password, permissions, categories, group) or edit one (name, new password, group). */
export function SubAdminDialog({
  editing,
  onClose,
  onDone,
}: {
  editing: SubAdmin | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const [username, setUsername] = useState('');
  const [name, setName] = useState(editing?.name ?? '');
  const [password, setPassword] = useState('');
  const [groupId, setGroupId] = useState(editing?.group?.id ?? '');
  const [permissions, setPermissions] = useState<PermissionGroup[]>([]);
  const [categories, setCategories] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const rights = useCall(adminCalls.groupPermissions, editing ? null : { query: {} });
  const tree = useCall(adminCalls.cateTree, editing ? null : {});

  const submit = async () => {
    setBusy(true);
    const reply = editing
      ? await request(adminCalls.update, {
          body: { id: editing.id, name, groupId: groupId || null, ...(password ? { password } : {}) },
        })
      : await request(adminCalls.register, {
          body: { username, name, password, permissions, categories, groupId: groupId || null },
        });
    setBusy(false);
    if (reply.status !== 'ok') {
      setErrors(fieldErrorsOf(reply));
      return toast(adminFailure(t, reply));
    }
    toast(editing ? t('admin.common.saved') : t('admin.admins.added'));
    onDone();
  };

  return (
    <Modal
      title={editing ? t('admin.admins.editOf', { name: editing.name }) : t('admin.admins.add')}
      submitText={t('admin.common.save')}
      onSubmit={() => void submit()}
      onClose={onClose}
      busy={busy}
      wide={!editing}
      testId="sub-admin-dialog"
    >
      {!editing && (
        <Field label={t('admin.admins.username')} name="username" error={errors.username}>
          <input
            value={username}
            maxLength={64}
            autoComplete="off"
            onChange={(event) => setUsername(event.target.value)}
            required
          />
        </Field>
      )}
      <Field label={t('admin.admins.name')} name="name" error={errors.name}>
        <input value={name} maxLength={64} onChange={(event) => setName(event.target.value)} required />
      </Field>
      <Field
        label={editing ? t('admin.admins.newPassword') : t('admin.admins.password')}
        name="password"
        error={errors.password}
        hint={editing ? t('admin.admins.newPasswordHint') : t('admin.admins.passwordHint')}
      >
        <input
          type="password"
          value={password}
          autoComplete="new-password"
          minLength={6}
          maxLength={128}
          onChange={(event) => setPassword(event.target.value)}
          required={!editing}
        />
      </Field>
      <Field label={t('admin.admins.group')} name="groupId" error={errors.groupId}>
        <GroupSelect value={groupId} onChange={setGroupId} />
      </Field>
      {!editing && (
        <PermissionFields
          rights={rights.data}
          tree={tree.data?.cates ?? []}
          permissions={permissions}
          categories={categories}
          onPermissions={setPermissions}
          onCategories={setCategories}
        />
      )}
    </Modal>
  );
}

/** Set a sub-admin's permission groups and categories. */
export function PermissionDialog({
  target,
  onClose,
  onDone,
}: {
  target: SubAdmin;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const [permissions, setPermissions] = useState<PermissionGroup[]>(target.permissions);
  const [categories, setCategories] = useState<string[]>(target.categories.map((c) => c.id));
  const [busy, setBusy] = useState(false);
  const rights = useCall(adminCalls.groupPermissions, { query: { id: target.id } });
  const tree = useCall(adminCalls.cateTree, {});
  const submit = async () => {
    setBusy(true);
    const reply = await request(adminCalls.setPermission, { body: { id: target.id, permissions, categories } });
    setBusy(false);
    if (reply.status !== 'ok') return toast(adminFailure(t, reply));
    toast(t('admin.common.saved'));
    onDone();
  };
  return (
    <Modal
      title={t('admin.admins.permissionsOf', { name: target.name })}
      submitText={t('admin.common.save')}
      onSubmit={() => void submit()}
      onClose={onClose}
      busy={busy}
      wide
      testId="permission-dialog"
    >
      <PermissionFields
        rights={rights.data}
        tree={tree.data?.cates ?? []}
        permissions={permissions}
        categories={categories}
        onPermissions={setPermissions}
        onCategories={setCategories}
      />
    </Modal>
  );
}
