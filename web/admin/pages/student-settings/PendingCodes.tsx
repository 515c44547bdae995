import { phoneCalls } from '../../../../shared/calls/phone';
import { formatDateMinutes } from '../../../../shared/rules/dates';
import { useCall } from '../../../hooks/useCall';
import { useLocale, useT } from '../../../i18n';
import { DataTable, PersonCell } from '../../components/DataTable';

/**
 * Issue 19: phone binding codes waiting to be read out to students when the school has no SMS gateway
 * (student/phoneCodes; administrators holding 'student'). The number is masked but for the main account.
 */
export function PendingCodes() {
  const t = useT();
  const locale = useLocale();
  const { data, mutate } = useCall(phoneCalls.pendingCodes, {});
  const rows = data?.list ?? [];
  return (
    <section className="card ac-card ac-stack" data-testid="pending-codes">
      <h2 className="section-title">{t('admin.phoneCodes.title')}</h2>
      <p className="ac-hint">{t('admin.phoneCodes.hint')}</p>
      <div>
        <button type="button" className="btn btn-light" onClick={() => void mutate()} data-testid="pending-refresh">
          {t('admin.phoneCodes.refresh')}
        </button>
      </div>
      <DataTable
        actions={false}
        columns={[
          t('admin.phoneCodes.student'),
          t('admin.phoneCodes.phone'),
          t('admin.phoneCodes.code'),
          t('admin.phoneCodes.expires'),
        ]}
        empty={data && rows.length === 0 && t('admin.phoneCodes.none')}
      >
        {rows.map((row) => (
          <tr key={row.id} data-testid="pending-code" data-phone={row.phone}>
            <PersonCell label={t('admin.phoneCodes.student')} name={row.studentName} username={row.username} />
            <td data-label={t('admin.phoneCodes.phone')}>{row.phone}</td>
            <td data-label={t('admin.phoneCodes.code')}>
              <strong data-testid="pending-code-value">{row.code}</strong>
            </td>
            <td data-label={t('admin.phoneCodes.expires')} className="ac-muted">
              {formatDateMinutes(row.expiresAt, locale)}
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
