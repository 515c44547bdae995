import * as z from 'zod';

/**
 * A course as a card in lists (catalogue, home sections, columns, tags, hot courses).
 * Prices are yuan with two decimals (stored as fen); dates are 'yyyy-MM-dd HH:mm:ss' (spec 9).
 * count is the course's popularity (views); lcount its learner count (spec 3).
 */
export const zCourseCard = z.object({
  coid: z.string(),
  /** The encoded course id for URLs (/course/{code}). */
  code: z.string(),
  title: z.string(),
  img: z.string(),
  type: z.number().int(),
  level: z.number().int(),
  label: z.number().int(),
  actual: z.number(),
  price: z.number(),
  lcount: z.number().int(),
  count: z.number().int(),
  duration: z.number().int(),
  catid: z.string(),
  create_time: z.string(),
});
export type CourseCard = z.infer<typeof zCourseCard>;
