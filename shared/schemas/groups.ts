import * as z from 'zod';

/** A student group of a school (spec 6 groups; the full group management comes with the students domain). */
export const zGroup = z.object({ gid: z.string(), name: z.string(), parent_id: z.string(), position: z.number().int() });
export type Group = z.infer<typeof zGroup>;
