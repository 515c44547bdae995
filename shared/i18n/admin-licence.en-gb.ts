import type { messages as zh } from './admin-licence.zh-CN';

/** English (en-gb) messages of admin-licence: the same keys as admin-licence.zh-CN. */
export const messages: Record<keyof typeof zh, string> = {
  'admin.menu.licence': 'Licence and upgrades',
  'admin.licence.title': 'Licence and upgrades',
  'admin.licence.machineCode': 'Machine code',
  'admin.licence.machineHint': 'Give this machine code when you ask for a licence.',
  'admin.licence.copy': 'Copy',
  'admin.licence.copied': 'Machine code copied',
  'admin.licence.status': 'Licence status',
  'admin.licence.state.trial': 'Trial (not registered)',
  'admin.licence.state.registered': 'Licensed',
  'admin.licence.state.expired': 'Licence expired',
  'admin.licence.seats': 'Student seats',
  'admin.licence.seatsValue': '{used} of {limit} used',
  'admin.licence.school': 'Licensed to',
  'admin.licence.licensee': 'Licensee',
  'admin.licence.expiresAt': 'Valid until',
  'admin.licence.issuedAt': 'Issued',
  'admin.licence.register': 'Register a licence',
  'admin.licence.paste': 'Paste the licence',
  'admin.licence.submit': 'Register',
  'admin.licence.registered': 'Licence registered',
  'admin.licence.error.badFormat': 'This is not a licence: paste the whole licence text as issued.',
  'admin.licence.error.badSignature':
    'The licence signature does not match: it was changed, or not issued for this product.',
  'admin.licence.error.noPublicKey':
    'This server has no licence public key (LICENCE_PUBLIC_KEY), so no licence can be registered.',
  'admin.licence.error.wrongMachine': 'This licence was issued for another machine code.',
  'admin.licence.error.otherSchool': 'This licence was issued for another school.',
  'admin.licence.error.alreadyExpired': 'This licence has already expired.',
  'admin.licence.notice.trial':
    'Trial: {used} of {limit, plural, one {# student seat} other {# student seats}} used — register a licence.',
  'admin.licence.notice.nearLimit': 'Student seats nearly full: {used} of {limit} used.',
  'admin.licence.notice.expired':
    'The licence has expired: no new students can be added; students keep studying. Register a new licence.',
  'admin.licence.notice.link': 'Register',
  'admin.licence.upgrade': 'Upgrade status',
  'admin.licence.version': 'Running version',
  'admin.licence.schemaVersion': 'Database schema',
  'admin.licence.migrations': 'Migrations applied',
  'admin.licence.pending': 'Pending migrations',
  'admin.licence.none': 'None',
  'admin.licence.lastMigrationAt': 'Last migration',
  'admin.licence.backup': 'Backup before it',
  'admin.licence.backupValue': '{file} ({size}, {at})',
  'admin.licence.noBackup': 'No backup yet',
};
