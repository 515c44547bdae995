/** Reads exam_sittings.questions: the questions as sat (JSON [{qid, type, content, options, answer, point, explanation, version}]). */
import { parseOptions, type QuestionOption } from '../../../shared/schemas/questions';

export interface SatQuestion {
  qid: string;
  type: number;
  content: string;
  options: QuestionOption[];
  answer: string;
  point: number;
  explanation: string;
}

/** The questions of a sitting as sat; [] when the column cannot be read. Options may be stored as an array or as JSON text. */
export function satQuestions(text: string): SatQuestion[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .filter((item): item is Record<string, unknown> => !!item && typeof item === 'object' && 'qid' in item)
    .map((item) => ({
      qid: String(item.qid),
      type: Number(item.type ?? 3),
      content: String(item.content ?? ''),
      options: Array.isArray(item.options) ? parseOptions(JSON.stringify(item.options)) : parseOptions(String(item.options ?? '[]')),
      answer: String(item.answer ?? ''),
      point: Number(item.point ?? 0),
      explanation: String(item.explanation ?? ''),
    }));
}
