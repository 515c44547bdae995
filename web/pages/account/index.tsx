import { useEffect, useId, useState, type FormEvent } from 'react';
import { ACCOUNT_ERRORS, type AccountInfo } from '../../../shared/schemas/account';
import { Avatar } from '../../components/Avatar';
import { Loading } from '../../components/Loading';
import { TextField } from '../../components/TextField';
import { toast } from '../../components/feedback';
import { useLoginState } from '../../hooks/useLoginState';
import { useT } from '../../i18n';
import { useStudentGuard } from '../mycourse/useStudentGuard';
import { AccountDialog, useCanChangePassword, type AccountDialogKind } from './AccountDialogs';
import { FieldInputs, firstFieldProblem, problemText } from './FieldInputs';
import { accountCalls } from '../../../shared/calls/account';
import { saveInfo } from '../../api/account';
import { useCall } from '../../hooks/useCall';
import { NoticeEmailToggle } from './NoticeEmailToggle';

/**
 * My information (#/myinformation on desktop, #/myinformation_m on a phone; spec 2 'mycourse and myinformation
 * require a user name, else go to login'): the student's profile, the school's custom fields with inputs by
 * kind, and Save (spec 7 'Save student info {infoStr}'). A notice asks for the required fields while any is
 * empty. Change avatar and change password open the same dialogs as the user menu.
 */
export default function AccountPage() {
  const allowed = useStudentGuard();
  const { data, error, mutate } = useCall(accountCalls.info, allowed ? {} : null, { revalidateOnFocus: false });
  if (!allowed || (!data && !error)) return <Loading />;
  if (!data) {
    return (
      <p className="page-muted" role="alert">
        {error?.message}
        <button type="button" className="btn" onClick={() => void mutate()}>
          ↻
        </button>
      </p>
    );
  }
  return <AccountForm info={data} />;
}

function AccountForm({ info }: { info: AccountInfo }) {
  const t = useT();
  const id = useId();
  const canChangePassword = useCanChangePassword();
  const { data: login } = useLoginState();
  const [dialog, setDialog] = useState<AccountDialogKind>(null);
  const [name, setName] = useState(info.name);
  const [email, setEmail] = useState(info.email);
  const [phone, setPhone] = useState(info.phone);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(info.values.map((v) => [v.sfid, v.value])),
  );
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const directory = info.source === 'ldap';
  const avatar = login?.userData.imageurl || info.avatar;

  useEffect(() => setValues(Object.fromEntries(info.values.map((v) => [v.sfid, v.value]))), [info.values]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const local =
      firstFieldProblem(t, info.fieldSet, values) ||
      (!directory && !name.trim() ? t('account.info.problem.required', { name: t('account.info.name') }) : '');
    setProblem(local);
    if (local) return;
    setBusy(true);
    const reply = await saveInfo({
      values: info.fieldSet.map((field) => ({ sfid: field.sfid, value: values[field.sfid] ?? '' })),
      ...(directory ? {} : { name: name.trim(), email: email.trim(), phone: phone.trim() }),
    });
    setBusy(false);
    if (reply.status === 'ok') {
      toast(t('account.info.saved'));
      return;
    }
    const data = reply.data as { name?: string; problem?: string; field?: string } | null;
    const text =
      reply.error === ACCOUNT_ERRORS.fieldProblem && data?.name && data.problem
        ? problemText(t, data.name, data.problem)
        : data?.field === 'email'
          ? t('account.info.badEmail')
          : reply.error;
    setProblem(text);
    toast(t('account.info.failed', { error: text }));
  };

  return (
    <div className="account-page" data-testid="account-page">
      <section className="card account-head" aria-labelledby={`${id}-title`}>
        <Avatar name={info.name || info.username} image={avatar} size={64} />
        <div>
          <h1 id={`${id}-title`} className="page-title">
            {t('account.info.title')}
          </h1>
          <p className="page-muted">{info.username}</p>
        </div>
        <div className="account-head-actions">
          <button type="button" className="btn" onClick={() => setDialog('avatar')} data-testid="info-change-avatar">
            {t('account.info.changeAvatar')}
          </button>
          {canChangePassword && (
            <button
              type="button"
              className="btn"
              onClick={() => setDialog('password')}
              data-testid="info-change-password"
            >
              {t('account.info.changePassword')}
            </button>
          )}
        </div>
      </section>
      {!info.haveSetSfields && (
        <div className="account-notice" role="status" data-testid="required-fields-notice">
          <span>{t('account.info.incomplete')}</span>
        </div>
      )}
      <form
        className="card account-form"
        onSubmit={(event) => void handleSubmit(event)}
        noValidate
        aria-labelledby={`${id}-title`}
        data-testid="account-form"
      >
        <h2 className="section-title">{t('account.info.profile')}</h2>
        {directory && <p className="page-muted">{t('account.info.sourceLdap')}</p>}
        <div className="account-form-grid">
          <TextField
            label={t('account.info.name')}
            value={name}
            disabled={directory || busy}
            maxLength={64}
            onChange={(e) => setName(e.target.value)}
          />
          <TextField
            label={t('account.info.email')}
            type="email"
            value={email}
            disabled={directory || busy}
            maxLength={120}
            onChange={(e) => setEmail(e.target.value)}
          />
          <TextField
            label={t('account.info.phone')}
            type="tel"
            value={phone}
            disabled={directory || busy}
            maxLength={30}
            onChange={(e) => setPhone(e.target.value)}
          />
          <div className="field">
            <span className="field-label">{t('account.info.groups')}</span>
            <span>{info.groups.length ? info.groups.map((g) => g.name).join('、') : t('account.info.noGroups')}</span>
          </div>
        </div>
        {info.fieldSet.length > 0 && (
          <>
            <h2 className="section-title">{t('account.info.fields')}</h2>
            <div className="account-form-grid">
              <FieldInputs
                fields={info.fieldSet}
                values={values}
                disabled={busy}
                onChange={(sfid, value) => setValues((all) => ({ ...all, [sfid]: value }))}
              />
            </div>
          </>
        )}
        <p className="form-error" role="alert" data-testid="account-error">
          {problem}
        </p>
        <button
          type="submit"
          className="btn btn-primary btn-block"
          disabled={busy}
          aria-busy={busy}
          data-testid="account-save"
        >
          {busy ? t('account.info.saving') : t('account.info.save')}
        </button>
      </form>
      <NoticeEmailToggle />
      <AccountDialog kind={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}
