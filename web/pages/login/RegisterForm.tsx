import { useState, type ChangeEvent, type FormEvent } from 'react';
import { PASSWORD_MIN } from '../../../shared/constants';
import { ACCOUNT_ERRORS } from '../../../shared/schemas/account';
import { LICENCE_ERRORS } from '../../../shared/schemas/licence';
import { STUDENT_ERRORS } from '../../../shared/schemas/students';
import { useBootstrap } from '../../bootstrap';
import { loginErrorText } from '../../components/LoginForm';
import { TextField } from '../../components/TextField';
import { useT } from '../../i18n';
import { accountCalls } from '../../../shared/calls/account';
import { request } from '../../api/client';
import { FieldInputs, firstFieldProblem, problemText } from '../account/FieldInputs';

/**
 * The sign-up form of the login page (spec 2 'register only if enabled'): user name, name, password twice and
 * the school's custom fields (the required ones must be filled); on success the new student is signed in and
 * follows the server's redirect, as after a login.
 */
export function RegisterForm() {
  const t = useT();
  const boot = useBootstrap();
  const [username, setUsername] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const local =
      !username.trim() || !name.trim() || !password
        ? t('account.register.required')
        : password.length < PASSWORD_MIN
          ? t('account.password.tooShort', { min: PASSWORD_MIN })
          : password !== confirm
            ? t('account.register.mismatch')
            : firstFieldProblem(t, boot.fieldSet, values);
    setError(local);
    if (local) return;
    setBusy(true);
    const infoStr = JSON.stringify(
      boot.fieldSet
        .map((field) => ({ sfid: field.sfid, value: values[field.sfid] ?? '' }))
        .filter((v) => v.value.trim() !== ''),
    );
    const body = {
      school: boot.hashUID,
      username: username.trim(),
      name: name.trim(),
      password,
      infoStr,
      returnUrl: boot.returnUrl || undefined,
    };
    const reply = await request(accountCalls.register, { body });
    if (reply.status === 'ok') {
      window.location.assign(reply.data.redirect);
      return; // stay busy while the browser leaves
    }
    setBusy(false);
    const data = reply.data as { name?: string; problem?: string } | null;
    if (reply.error === ACCOUNT_ERRORS.registrationOff) setError(t('account.register.off'));
    else if (reply.error === STUDENT_ERRORS.usernameTaken) setError(t('account.register.taken'));
    else if (reply.error === LICENCE_ERRORS.seatsFull || reply.error === LICENCE_ERRORS.expired)
      setError(t('account.register.seatsFull'));
    else if (reply.error === ACCOUNT_ERRORS.fieldProblem && data?.name && data.problem)
      setError(problemText(t, data.name, data.problem));
    else setError(loginErrorText(t, reply)); // throttled, unknown school, network, or the server's text
  };

  const fieldProps = (key: string, value: string, set: (v: string) => void, autoComplete: string) => ({
    name: key,
    autoComplete,
    value,
    disabled: busy,
    onChange: (e: ChangeEvent<HTMLInputElement>) => set(e.target.value),
    'aria-invalid': error ? true : undefined,
  });

  return (
    <form
      className="login-form account-form"
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      aria-label={t('account.register.form')}
      data-testid="register-form"
    >
      <TextField
        label={t('account.register.username')}
        {...fieldProps('username', username, setUsername, 'username')}
      />
      <TextField label={t('account.register.name')} {...fieldProps('name', name, setName, 'name')} />
      <TextField
        label={t('account.register.password')}
        type="password"
        {...fieldProps('password', password, setPassword, 'new-password')}
      />
      <TextField
        label={t('account.register.confirm')}
        type="password"
        {...fieldProps('confirm', confirm, setConfirm, 'new-password')}
      />
      <FieldInputs
        fields={boot.fieldSet}
        values={values}
        disabled={busy}
        onChange={(sfid, value) => setValues((all) => ({ ...all, [sfid]: value }))}
      />
      <p className="form-error" role="alert" data-testid="register-error">
        {error}
      </p>
      <button
        type="submit"
        className="btn btn-primary btn-block"
        disabled={busy}
        aria-busy={busy}
        data-testid="register-submit"
      >
        {busy ? t('account.register.submitting') : t('account.register.submit')}
      </button>
    </form>
  );
}
