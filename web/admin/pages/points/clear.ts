import { pointCalls } from '../../../../shared/calls/points';
import { request } from '../../../api/client';
import { confirm, toast } from '../../../components/feedback';
import type { Translate } from '../../../i18n';
import { failureText } from '../../api/errors';

/** Asks, then sets the students' points to zero (student/clearpoint); true when something was cleared. */
export async function clearPoints(t: Translate, sids: string[]): Promise<boolean> {
  if (sids.length === 0) return false;
  const sure = await confirm({
    text: t('admin.points.clearConfirm', { count: sids.length }),
    okText: t('admin.points.clear'),
  });
  if (!sure) return false;
  const reply = await request(pointCalls.clear, { body: { sids } });
  if (reply.status !== 'ok') {
    toast(failureText(t, reply));
    return false;
  }
  toast(
    reply.data.cleared > 0
      ? t('admin.points.cleared', { count: reply.data.cleared })
      : t('admin.points.nothingCleared'),
  );
  return true;
}
