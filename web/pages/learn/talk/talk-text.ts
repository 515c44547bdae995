import type { Failure } from '../../../../shared/envelope';
import { ERRORS } from '../../../../shared/envelope';
import { NETWORK_ERROR } from '../../../api/client';
import type { Translate } from '../../../i18n';

/** A refused Q&A or note call as a sentence: the server's own message when it words one, else a known key. */
export function talkFailure(t: Translate, reply: Failure, max: number): string {
  const data = (reply.data ?? {}) as { message?: unknown; key?: unknown };
  if (typeof data.message === 'string' && data.message) return data.message;
  if (reply.error === 'emptyText') return t('qa.emptyText');
  if (reply.error === 'tooLong') return t('qa.tooLong', { max });
  if (reply.error === NETWORK_ERROR) return t('common.networkError');
  if (reply.error === ERRORS.tooMany) return t('qa.tooMany');
  if (reply.error === ERRORS.noLogin) return t('errors.noLogin');
  if (reply.error === ERRORS.forbidden) return t('errors.forbidden');
  return t('errors.server');
}
