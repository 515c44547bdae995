import type { MessageKey } from '../../../../shared/i18n';
import { INFORM_ERRORS } from '../../../../shared/schemas/inform';

/** Each inform error (INFORM_ERRORS) in the admin's language. */
export const INFORM_ERROR_KEYS: Record<string, MessageKey> = {
  [INFORM_ERRORS.notConfigured]: 'admin.inform.error.notConfigured',
  [INFORM_ERRORS.smsNotConfigured]: 'admin.inform.error.smsNotConfigured',
  [INFORM_ERRORS.passwordAgain]: 'admin.inform.error.passwordAgain',
  [INFORM_ERRORS.notFailed]: 'admin.inform.error.notFailed',
};
