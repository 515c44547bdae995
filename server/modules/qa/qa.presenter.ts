import { mayAnswerQuestion, mayDeleteQuestion, type QuestionViewer } from '../../../shared/rules/qa-notes';
import type { Answer, Question } from '../../../shared/schemas/qa';
import type { AnswerRow, QuestionRow } from './qa.repository';

/** Who reads the replies: the signed-in person and whether they administer the question's course. */
export interface Reader {
  role: 'student' | 'admin';
  userId: string;
  courseAdmin: boolean;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

export function toAnswer(row: AnswerRow, reader: Reader): Answer {
  return {
    aid: row.id,
    role: row.authorKind,
    name: row.authorName,
    body: row.body,
    time: seconds(row.createdAt),
    mine: row.authorKind === reader.role && row.authorId === reader.userId,
  };
}

/** A question with its answers as the viewer sees it (what they may do with it included). */
export function toQuestion(
  row: QuestionRow,
  labels: { askerName: string | null; chapterTitle: string | null },
  answers: readonly AnswerRow[],
  reader: Reader,
): Question {
  const viewer: QuestionViewer = {
    courseAdmin: reader.courseAdmin,
    asker: reader.role === 'student' && row.studentId === reader.userId,
  };
  return {
    qid: row.id,
    coid: row.courseId,
    cid: row.chapterId,
    chapterTitle: labels.chapterTitle ?? '',
    body: row.body,
    videoTime: row.videoTime,
    name: labels.askerName ?? '',
    time: seconds(row.createdAt),
    mine: viewer.asker,
    hidden: row.hidden,
    answered: row.answerCount > 0,
    canAnswer: mayAnswerQuestion(row, viewer),
    canDelete: mayDeleteQuestion(row, viewer),
    answers: answers.map((answer) => toAnswer(answer, reader)),
  };
}

/** Groups answers by their question's id, keeping their order. */
export function answersByQuestion(answers: readonly AnswerRow[]): Map<string, AnswerRow[]> {
  const byQuestion = new Map<string, AnswerRow[]>();
  for (const answer of answers) {
    const list = byQuestion.get(answer.questionId);
    if (list) list.push(answer);
    else byQuestion.set(answer.questionId, [answer]);
  }
  return byQuestion;
}
