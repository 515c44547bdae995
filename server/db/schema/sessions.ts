import { table, text, integer, index } from './dialect';

/** Login sessions behind the y_main cookie. Only a SHA-256 of the token is stored. */
export const sessions = table(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    role: text('role', { enum: ['student', 'admin'] }).notNull(),
    userId: text('user_id').notNull(),
    schoolId: text('school_id').notNull(),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    lastSeenAt: integer('last_seen_at').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    /** Set when the session ends before it expires: 'logout' or 'kicked' (a newer login elsewhere). */
    endedAt: integer('ended_at'),
    endReason: text('end_reason', { enum: ['logout', 'kicked'] }),
  },
  (t) => [index('sessions_user').on(t.role, t.userId), index('sessions_expires').on(t.expiresAt)],
);

/** Failed login counters per account and per address, for throttling. */
export const loginAttempts = table('login_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  firstAt: integer('first_at').notNull(),
  lockedUntil: integer('locked_until').notNull().default(0),
});

/**
 * Recent events counted by a sliding-window throttle (redeem failures, opt-out changes): one row per event,
 * under the throttle's key. In the database, so every app node counts the same events and a restart forgets
 * none; rows older than a day are purged with the sessions.
 */
export const recentEvents = table('recent_events', { key: text('key').notNull(), at: integer('at').notNull() }, (t) => [
  index('recent_events_key').on(t.key, t.at),
]);
