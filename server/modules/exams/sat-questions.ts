/**
 * The questions of a sitting as sat (server/db/schema/exams.ts exam_sittings.questions): drawn once at the
 * start (draw.ts), read by the sitting, its grading and the back office's results and marking. One shape,
 * read with zod: a row that does not fit is left out rather than trusted.
 */
import * as z from 'zod';
import { zQuestionOptions } from '../../../shared/schemas/questions';

export const zSatQuestion = z.object({
  qid: z.string(),
  type: z.number().int(),
  content: z.string(),
  options: zQuestionOptions,
  answer: z.string(),
  point: z.number(),
  explanation: z.string().default(''),
  showAnswer: z.boolean().default(true),
  version: z.number().int().default(1),
});
/** A question as sat: the snapshot kept with the sitting (never sent with its answer). */
export type SatQuestion = z.infer<typeof zSatQuestion>;

/** Reads a sitting's questions; [] when the column cannot be read, and questions that do not fit are left out. */
export function readSnapshot(text: string): SatQuestion[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((item) => {
    const question = zSatQuestion.safeParse(item);
    return question.success ? [question.data] : [];
  });
}
