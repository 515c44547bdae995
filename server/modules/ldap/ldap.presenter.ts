import type { LdapRun } from '../../../shared/schemas/ldap';
import type { LdapRunRow } from './ldap.repository';

/** A recorded run as the back office shows it (re-enabled accounts are kept in the run's detail). */
export function presentRun(row: LdapRunRow): LdapRun {
  let enabled = 0;
  try {
    const detail = JSON.parse(row.detail) as { enabled?: unknown };
    if (typeof detail.enabled === 'number') enabled = detail.enabled;
  } catch {
    // an older or damaged detail: no count
  }
  return {
    id: row.id,
    trigger: row.trigger,
    dryRun: row.dryRun,
    status: row.status,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    found: row.found,
    created: row.created,
    updated: row.updated,
    disabled: row.disabled,
    enabled,
    errors: row.errors,
    message: row.message,
  };
}
