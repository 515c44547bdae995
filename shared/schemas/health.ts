import * as z from 'zod';

/** GET health: the database answers, the running version and the seconds since start (Docker HEALTHCHECK). */
export const zHealth = z.object({ db: z.boolean(), version: z.string(), uptime: z.number().int() });
export type Health = z.infer<typeof zHealth>;
