import { formatDate } from '../../../../shared/rules/dates';
import type { Batch } from '../../../../shared/schemas/redeem';
import type { Translate } from '../../../i18n';

/** A batch's days of validity and last day to redeem, in words. */
export function batchTerms(t: Translate, batch: Batch): { days: string; expires: string } {
  return {
    days: batch.days === null ? t('admin.codes.itemDays') : String(batch.days),
    expires: batch.expires_at === null ? t('admin.codes.noExpiry') : formatDate(batch.expires_at, 'yyyy-MM-dd'),
  };
}
