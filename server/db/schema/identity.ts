import { table, text, integer, index, primaryKey } from './dialect';
import { schools } from './schools';

/**
 * Signing in from elsewhere (issue 19): accounts linked to an outside identity, the one-use record of the exam
 * platform's (yks) signed assertions, the sign-in attempts under way with an OpenID provider, and the codes sent
 * to bind a phone.
 */

/**
 * An account of the platform linked to an identity outside it: an OpenID Connect subject of the school's
 * provider ('oidc', subject = the provider's `sub`) or a user of the school's exam platform ('yks', subject =
 * its user id). One outside identity opens one account; an account may have several.
 */
export const externalIdentities = table(
  'external_identities',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['oidc', 'yks'] }).notNull(),
    subject: text('subject').notNull(),
    role: text('role', { enum: ['student', 'admin'] }).notNull(),
    userId: text('user_id').notNull(),
    createdAt: integer('created_at').notNull(),
    lastLoginAt: integer('last_login_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.schoolId, t.provider, t.subject] }),
    index('external_identities_user').on(t.role, t.userId),
  ],
);

/**
 * The exam platform's signed assertions already used (their id, kept until they expire): an assertion opens
 * one session, once. Rows past expires_at are swept.
 */
export const usedAssertions = table(
  'used_assertions',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    jti: text('jti').notNull(),
    usedAt: integer('used_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.jti] }), index('used_assertions_expires').on(t.expiresAt)],
);

/**
 * An OpenID Connect sign-in under way: what the callback must find again (state, nonce, the PKCE verifier and
 * where to go back), used once and only until expires_at.
 */
export const ssoLogins = table(
  'sso_logins',
  {
    state: text('state').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** 'student' or 'admin': which sign-in page started it. */
    audience: text('audience', { enum: ['student', 'admin'] }).notNull(),
    returnTo: text('return_to').notNull().default(''),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('sso_logins_expires').on(t.expiresAt)],
);

/**
 * Verification codes sent to bind a phone (bindPhoneNum / checkVerification): only a hash of the code is kept,
 * with its tries, so expiry, attempts, the resend interval and the per-number and per-address throttles are
 * counted from these rows.
 */
export const phoneCodes = table(
  'phone_codes',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    studentId: text('student_id').notNull(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    /**
     * A school without an SMS gateway: the code sealed (server/lib/sealed.ts) for its administrators to read out
     * (student/phoneCodes), cleared once used or replaced; null when it went by SMS.
     */
    codeSealed: text('code_sealed'),
    ip: text('ip').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
  },
  (t) => [
    index('phone_codes_phone').on(t.phone, t.createdAt),
    index('phone_codes_student').on(t.studentId, t.createdAt),
    index('phone_codes_ip').on(t.ip, t.createdAt),
  ],
);
