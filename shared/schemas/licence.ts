import * as z from 'zod';

/** Error strings of seat and licence refusals (server/modules/licence/seats.ts); data carries {limit, used, adding}. */
export const LICENCE_ERRORS = {
  seatsFull: 'no free student seats: the licence (or the trial) allows no more students',
  expired: 'the licence has expired: no new students can be added',
  /** POST reg refusals (400), one clear reason each. */
  badFormat: 'not a licence: expected the text <payload>.<signature> as issued',
  badSignature: 'the licence signature does not match: it was changed or signed by another key',
  noPublicKey: 'this server has no licence public key configured (LICENCE_PUBLIC_KEY)',
  wrongMachine: 'the licence was issued for another machine code',
  otherSchool: 'the licence was issued for another school',
  alreadyExpired: 'the licence has already expired',
} as const;

/** Largest licence text accepted. */
export const LICENCE_TEXT_MAX = 8192;

/** A date-only expiry (yyyy-MM-dd) counts the whole day: the licence ends when the next day starts (UTC). */
const zWhen = z.union([z.number().int().nonnegative(), z.string().min(4).max(40)]);

/**
 * The signed payload: a signed document naming the school, machine code, seats and expiry.
 * `school` is the school's name; `schoolId` optionally pins it to one school of a multi-school install.
 */
export const zLicencePayload = z.object({
  v: z.literal(1),
  school: z.string().min(1).max(200),
  schoolId: z.string().max(20).optional(),
  machineCode: z.string().min(1).max(64),
  seats: z.number().int().min(0).max(10_000_000),
  expiresAt: zWhen,
  issuedAt: zWhen,
  licensee: z.string().max(200).optional(),
});
export type LicencePayload = z.infer<typeof zLicencePayload>;

/** POST reg body: the licence text as issued (scripts/licence.mjs issue). */
export const zRegisterLicence = z.object({ licence: z.string().trim().min(1).max(LICENCE_TEXT_MAX) });

export const zLicenceSummary = z.object({
  school: z.string(),
  seats: z.number().int(),
  /** Milliseconds since the epoch. */
  expiresAt: z.number(),
  issuedAt: z.number(),
  licensee: z.string().nullable(),
});
export type LicenceSummary = z.infer<typeof zLicenceSummary>;

/** GET reg reply (and POST reg's after registering). */
export const zRegStatus = z.object({
  machineCode: z.string(),
  registered: z.boolean(),
  licence: zLicenceSummary.nullable(),
  seats: z.object({ limit: z.number().int(), used: z.number().int() }),
  trial: z.boolean(),
  expired: z.boolean(),
  /** The trial's seats (LICENCE_TRIAL_SEATS). */
  trialSeats: z.number().int(),
});
export type RegStatus = z.infer<typeof zRegStatus>;

/** GET lan/upgrade/status reply. */
export const zUpgradeStatus = z.object({
  version: z.string(),
  schemaVersion: z.string().nullable(),
  migrations: z.object({ applied: z.number().int(), pending: z.array(z.string()) }),
  lastMigrationAt: z.number().nullable(),
  backup: z.object({ file: z.string(), bytes: z.number().int(), at: z.number() }).nullable(),
});
export type UpgradeStatus = z.infer<typeof zUpgradeStatus>;
