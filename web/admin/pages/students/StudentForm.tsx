import { useId, useState } from 'react';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../../shared/constants';
import { fieldProblem } from '../../../../shared/rules/student-fields';
import { studentCalls } from '../../../../shared/calls/students';
import type { Group } from '../../../../shared/schemas/groups';
import type { AdminStudent, StudentField } from '../../../../shared/schemas/students';
import { request } from '../../../api/client';
import { CustomFieldInput } from '../../../components/CustomFieldInput';
import { toast } from '../../../components/feedback';
import { useT } from '../../../i18n';
import { studentFailureText } from './student-failure';
import { fieldErrorsOf } from '../../api/errors';
import { Check, Field } from '../../components/Field';
import { Modal } from '../../components/Modal';

interface Props {
  /** The student to edit, or null to add one. */
  student: AdminStudent | null;
  fields: StudentField[];
  groups: Group[];
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Add or edit a student (student/add, POST student/item): user name (fixed once made), name, password (a reset
 * when editing; none for a directory account), e-mail, phone, groups, and the school's custom fields as text,
 * number, date or choice inputs, required ones marked. Each field is checked here with the same rule as the
 * server (fieldProblem) and the server's refusal is shown at its field.
 */
export function StudentForm({ student, fields, groups, onClose, onSaved }: Props) {
  const t = useT();
  const [username, setUsername] = useState(student?.username ?? '');
  const [name, setName] = useState(student?.name ?? '');
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState(student?.email ?? '');
  const [phone, setPhone] = useState(student?.phone ?? '');
  const [gids, setGids] = useState<string[]>(student?.groups.map((g) => g.gid) ?? []);
  const [values, setValues] = useState<Record<string, string>>(student?.fields ?? {});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const ldap = student?.source === 'ldap';
  const groupsId = useId();

  const localErrors = () => {
    const found: Record<string, string> = {};
    if (!student && !username.trim()) found.username = t('admin.common.required');
    if (!name.trim()) found.name = t('admin.common.required');
    if ((!student || password) && (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX))
      found.password = t('admin.students.error.badPassword', { min: PASSWORD_MIN, max: PASSWORD_MAX });
    for (const field of fields) {
      const problem = fieldProblem(field, values[field.sfid] ?? '');
      if (problem) found[`info.${field.sfid}`] = t(`admin.students.error.${problem}`, { name: field.name });
    }
    return found;
  };

  const handleSubmit = async () => {
    const found = localErrors();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const infoStr = JSON.stringify(fields.map((field) => ({ sfid: field.sfid, value: values[field.sfid] ?? '' })));
    const reply = student
      ? await request(studentCalls.update, {
          body: { sid: student.sid, name, email, phone, gids, infoStr, ...(password && !ldap ? { password } : {}) },
        })
      : await request(studentCalls.add, { body: { username, name, password, email, phone, gids, infoStr } });
    setBusy(false);
    if (reply.status !== 'ok') {
      const text = studentFailureText(t, reply);
      const byField = fieldErrorsOf(reply);
      setErrors(Object.fromEntries(Object.keys(byField).map((key) => [key, text])));
      toast(text);
      return;
    }
    toast(student ? t('admin.students.saved') : t('admin.students.added'));
    onSaved();
  };

  return (
    <Modal
      title={student ? t('admin.students.edit') : t('admin.students.add')}
      submitText={t('admin.common.save')}
      onSubmit={() => void handleSubmit()}
      onClose={onClose}
      busy={busy}
      wide
      testId="student-form"
    >
      <Field
        label={t('admin.students.field.username')}
        error={errors.username}
        hint={student ? t('admin.students.field.usernameFixed') : undefined}
        name="username"
      >
        <input
          value={username}
          maxLength={64}
          autoComplete="off"
          readOnly={Boolean(student)}
          onChange={(event) => setUsername(event.target.value)}
        />
      </Field>
      <Field label={t('admin.students.field.name')} error={errors.name} name="name">
        <input value={name} maxLength={64} onChange={(event) => setName(event.target.value)} />
      </Field>
      {ldap ? (
        <p className="ac-hint">{t('admin.students.field.ldapPassword')}</p>
      ) : (
        <Field
          label={student ? t('admin.students.field.newPassword') : t('admin.students.field.password')}
          error={errors.password}
          hint={t(student ? 'admin.students.field.newPasswordHint' : 'admin.students.field.passwordHint', {
            min: PASSWORD_MIN,
            max: PASSWORD_MAX,
          })}
          name="password"
        >
          <input
            type="password"
            value={password}
            maxLength={PASSWORD_MAX}
            autoComplete="new-password"
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
      )}
      <Field label={t('admin.students.field.email')} error={errors.email} name="email">
        <input type="email" value={email} maxLength={200} onChange={(event) => setEmail(event.target.value)} />
      </Field>
      <Field label={t('admin.students.field.phone')} error={errors.phone} name="phone">
        <input type="tel" value={phone} maxLength={40} onChange={(event) => setPhone(event.target.value)} />
      </Field>
      <div className="ac-field" role="group" aria-labelledby={`${groupsId}-label`} data-field="gids">
        <span id={`${groupsId}-label`} className="ac-label">
          {t('admin.students.field.groups')}
        </span>
        <div className="ac-control">
          {groups.length === 0 && <p className="ac-hint">{t('admin.students.field.noGroups')}</p>}
          {groups.map((group) => (
            <Check
              key={group.gid}
              label={group.name}
              checked={gids.includes(group.gid)}
              onChange={(checked) =>
                setGids((current) => (checked ? [...current, group.gid] : current.filter((gid) => gid !== group.gid)))
              }
            />
          ))}
          {errors.gids && (
            <p className="ac-error" role="alert">
              {errors.gids}
            </p>
          )}
        </div>
      </div>
      {fields.map((field) => (
        <Field
          key={field.sfid}
          label={`${field.name}${field.required ? t('admin.students.field.requiredMark') : ''}`}
          error={errors[`info.${field.sfid}`]}
          name={`info.${field.sfid}`}
        >
          <CustomFieldInput
            field={field}
            value={values[field.sfid] ?? ''}
            onChange={(value) => setValues((current) => ({ ...current, [field.sfid]: value }))}
          />
        </Field>
      ))}
    </Modal>
  );
}
