import type { Failure } from '../../../shared/envelope';
import { ERRORS } from '../../../shared/envelope';
import type { Translate } from '../../i18n';
import { NETWORK_ERROR } from '../../api/client';

/** Field errors of a failed reply: the validator's issues (data.issues / data.field) by field path, e.g. 'values.title'. */
export function fieldErrorsOf(reply: Failure): Record<string, string> {
  const data = (reply.data ?? {}) as { field?: unknown; issues?: unknown };
  const errors: Record<string, string> = {};
  if (Array.isArray(data.issues)) {
    for (const issue of data.issues as { field?: unknown; message?: unknown }[]) {
      if (typeof issue?.field === 'string' && issue.field && !(issue.field in errors))
        errors[issue.field] = String(issue.message ?? reply.error);
    }
  }
  if (typeof data.field === 'string' && data.field && !(data.field in errors)) errors[data.field] = reply.error;
  return errors;
}

/** Field errors with a prefix removed ('values.title' → 'title'), keeping only the fields under it. */
export function fieldErrorsUnder(errors: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors))
    if (field.startsWith(prefix)) out[field.slice(prefix.length)] = message;
  return out;
}

/** A failure as a sentence for a toast or alert: the network text, no permission, not found, or the server's error. */
export function failureText(t: Translate, reply: Failure): string {
  if (reply.error === NETWORK_ERROR) return t('common.networkError');
  if (reply.error === ERRORS.forbidden) return t('errors.forbidden');
  if (reply.error === ERRORS.notFound) return t('admin.common.notFound');
  if (reply.error === ERRORS.server) return t('errors.server');
  return t('admin.common.failed', { error: reply.error });
}
