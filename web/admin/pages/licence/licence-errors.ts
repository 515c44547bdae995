import type { MessageKey } from '../../../../shared/i18n';
import { LICENCE_ERRORS } from '../../../../shared/schemas/licence';

/** The message of each licence refusal the server gives (LICENCE_ERRORS), so the reason reads in the admin's language. */
export const LICENCE_ERROR_KEYS: Record<string, MessageKey> = {
  [LICENCE_ERRORS.badFormat]: 'admin.licence.error.badFormat',
  [LICENCE_ERRORS.badSignature]: 'admin.licence.error.badSignature',
  [LICENCE_ERRORS.noPublicKey]: 'admin.licence.error.noPublicKey',
  [LICENCE_ERRORS.wrongMachine]: 'admin.licence.error.wrongMachine',
  [LICENCE_ERRORS.otherSchool]: 'admin.licence.error.otherSchool',
  [LICENCE_ERRORS.alreadyExpired]: 'admin.licence.error.alreadyExpired',
};
