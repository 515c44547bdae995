import { useState } from 'react';
import { licenceCalls } from '../../../../shared/calls/licence';
import { formatDateTime } from '../../../../shared/rules/dates';
import { toast } from '../../../components/feedback';
import { request } from '../../../api/client';
import { useCall } from '../../../hooks/useCall';
import { useLocale, useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { PageHeader } from '../../components/PageHeader';
import { useRegStatus } from '../../hooks/useRegStatus';
import { LICENCE_ERROR_KEYS } from './licence-errors';

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

/** Copies text; falls back to a hidden text area where the clipboard API is missing (plain http on an intranet). */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const done = document.execCommand('copy');
  area.remove();
  return done;
}

/**
 * The setting area's licence screen (spec 7 GET/POST reg, GET lan/upgrade/status): the machine code to
 * ask a licence for, the status and seats, a box to paste and register a licence, and the upgrade status.
 */
export default function LicencePage() {
  const t = useT();
  const locale = useLocale();
  const { data: status, mutate } = useRegStatus();
  const { data: upgrade } = useCall(licenceCalls.upgradeStatus, {});
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const handleRegister = async () => {
    if (!text.trim()) return;
    setBusy(true);
    const reply = await request(licenceCalls.register, { body: { licence: text.trim() } });
    setBusy(false);
    if (reply.status !== 'ok') {
      const key = LICENCE_ERROR_KEYS[reply.error];
      setError(key ? t(key) : failureText(t, reply));
      return;
    }
    setError(null);
    setText('');
    toast(t('admin.licence.registered'));
    await mutate(reply.data, { revalidate: false });
  };

  const state = !status ? '' : status.expired ? 'expired' : status.registered ? 'registered' : 'trial';
  return (
    <div className="ac-page licence-page" data-testid="licence-page">
      <PageHeader title={t('admin.licence.title')} />
      <section className="card ac-card">
        <h2 className="licence-heading">{t('admin.licence.machineCode')}</h2>
        <p className="licence-machine">
          <code data-testid="machine-code">{status?.machineCode ?? ''}</code>
          <button
            type="button"
            className="btn btn-small"
            disabled={!status}
            onClick={() =>
              void copyText(status?.machineCode ?? '').then((done) => done && toast(t('admin.licence.copied')))
            }
            data-testid="copy-machine-code"
          >
            {t('admin.licence.copy')}
          </button>
        </p>
        <p className="ac-muted">{t('admin.licence.machineHint')}</p>
      </section>

      {status && (
        <section className="card ac-card">
          <h2 className="licence-heading">{t('admin.licence.status')}</h2>
          <dl className="licence-facts" data-testid="licence-status" data-state={state}>
            <dt>{t('admin.licence.status')}</dt>
            <dd data-testid="licence-state">
              {t(`admin.licence.state.${state as 'trial' | 'registered' | 'expired'}`)}
            </dd>
            <dt>{t('admin.licence.seats')}</dt>
            <dd data-testid="licence-seats">
              {t('admin.licence.seatsValue', { used: status.seats.used, limit: status.seats.limit })}
            </dd>
            {status.licence && (
              <>
                <dt>{t('admin.licence.school')}</dt>
                <dd>{status.licence.school}</dd>
                {status.licence.licensee && (
                  <>
                    <dt>{t('admin.licence.licensee')}</dt>
                    <dd>{status.licence.licensee}</dd>
                  </>
                )}
                <dt>{t('admin.licence.expiresAt')}</dt>
                <dd data-testid="licence-expires">{formatDateTime(status.licence.expiresAt - 1000, locale)}</dd>
                <dt>{t('admin.licence.issuedAt')}</dt>
                <dd>{formatDateTime(status.licence.issuedAt, locale)}</dd>
              </>
            )}
          </dl>
        </section>
      )}

      <section className="card ac-card">
        <h2 className="licence-heading">{t('admin.licence.register')}</h2>
        <form
          className="licence-form"
          onSubmit={(event) => {
            event.preventDefault();
            void handleRegister();
          }}
        >
          <textarea
            rows={4}
            value={text}
            aria-label={t('admin.licence.paste')}
            placeholder={t('admin.licence.paste')}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
            data-testid="licence-text"
          />
          {error && (
            <p className="form-error" role="alert" data-testid="licence-error">
              {error}
            </p>
          )}
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy || !text.trim()}
            data-testid="licence-submit"
          >
            {t('admin.licence.submit')}
          </button>
        </form>
      </section>

      {upgrade && (
        <section className="card ac-card" data-testid="upgrade-status">
          <h2 className="licence-heading">{t('admin.licence.upgrade')}</h2>
          <dl className="licence-facts">
            <dt>{t('admin.licence.version')}</dt>
            <dd data-testid="upgrade-version">{upgrade.version}</dd>
            <dt>{t('admin.licence.schemaVersion')}</dt>
            <dd data-testid="upgrade-schema">{upgrade.schemaVersion ?? t('admin.licence.none')}</dd>
            <dt>{t('admin.licence.migrations')}</dt>
            <dd>{upgrade.migrations.applied}</dd>
            <dt>{t('admin.licence.pending')}</dt>
            <dd data-testid="upgrade-pending">
              {upgrade.migrations.pending.length ? upgrade.migrations.pending.join(', ') : t('admin.licence.none')}
            </dd>
            <dt>{t('admin.licence.lastMigrationAt')}</dt>
            <dd>
              {upgrade.lastMigrationAt ? formatDateTime(upgrade.lastMigrationAt, locale) : t('admin.licence.none')}
            </dd>
            <dt>{t('admin.licence.backup')}</dt>
            <dd data-testid="upgrade-backup">
              {upgrade.backup
                ? t('admin.licence.backupValue', {
                    file: upgrade.backup.file,
                    size: sizeText(upgrade.backup.bytes),
                    at: formatDateTime(upgrade.backup.at, locale),
                  })
                : t('admin.licence.noBackup')}
            </dd>
          </dl>
        </section>
      )}
    </div>
  );
}
