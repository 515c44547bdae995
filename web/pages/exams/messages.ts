import type { MessageKey } from '../../../shared/i18n';
import type { useT } from '../../i18n';

const KNOWN = [
  'examInProgress',
  'examNotOpen',
  'examClosed',
  'noAttemptsLeft',
  'examNotForYou',
  'stageLessonsFirst',
  'examLinkInvalid',
  'examLinkForeign',
  'examLinkExpired',
  'sittingClosed',
  'examEmpty',
];

/** The message of an exam call's error string (the server's stable keys), or a general one. */
export function errorText(t: ReturnType<typeof useT>, error: string): string {
  return KNOWN.includes(error) ? t(`exams.error.${error}` as MessageKey) : t('exams.error.other');
}
