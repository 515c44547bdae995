import * as z from 'zod';
import { isSameSitePath, SITE_LINK_MAX } from '../rules/site-links';

/** A snowflake id: travels as a decimal string because it exceeds 2^53 (spec 9). */
export const zId = z.string().regex(/^\d{1,20}$/, 'must be a decimal id');
export type Id = z.infer<typeof zId>;

/** An opaque encoded id from a URL (course ids, hashed parent ids). */
export const zCode = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[0-9A-Za-z_-]+$/, 'must be an encoded id');

/** A same-site path the app may send a user back to; never another origin (the return-path rule, shared/rules/site-links). */
export const zReturnPath = z
  .string()
  .max(SITE_LINK_MAX)
  .refine((value) => isSameSitePath(value), 'must be a path on this site');

export const zEmpty = z.object({}).strict();

/** A page number of a list query (1 first); query strings arrive as text. */
export const zQueryPage = z.coerce.number().int().min(1).max(100_000).default(1);
/** How many rows a page of a list query holds, at most `max`. */
export const zQueryNum = (max: number, fallback = 20) => z.coerce.number().int().min(1).max(max).default(fallback);

/** The {status:'ok', error:null, data} reply of a call, for response schemas and the OpenAPI document. */
export const zOkReply = <T extends z.ZodType>(data: T) => z.object({ status: z.literal('ok'), error: z.null(), data });
