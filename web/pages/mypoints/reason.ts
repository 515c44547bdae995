import { STUDY_SLOT_MINUTES } from '../../../shared/rules/points';
import type { PointRow } from '../../../shared/schemas/points';
import type { Translate } from '../../i18n';

/** A ledger row's reason in words: the rule and what it was for (a study-time row: the day's minutes reached). */
export function reasonText(t: Translate, row: Pick<PointRow, 'reason' | 'ref' | 'title'>): string {
  const title = row.title ?? t('points.removed');
  switch (row.reason) {
    case 'studyTime': {
      const slot = Number(row.ref.split('#')[1] ?? 1);
      return t('points.reason.studyTime', { minutes: slot * STUDY_SLOT_MINUTES });
    }
    case 'chapterDone':
    case 'courseDone':
    case 'examPassed':
      return t(`points.reason.${row.reason}`, { title });
    default:
      return t(`points.reason.${row.reason}`);
  }
}

/** A change with its sign: +5, -12. */
export const signed = (delta: number) => (delta > 0 ? `+${delta}` : String(delta));
