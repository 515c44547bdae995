/**
 * An exam's results in the back office (results per exam with
 * per-question statistics and export). Permission 'exam', the administrator's school.
 *
 * Choices where the spec is silent:
 * - Statistics count submitted sittings only (an open sitting is still being answered). Each question is
 *   counted over the sittings that held it (a random paper gives sittings different questions): answered
 *   (a non-empty answer), right (graded or marked right), its rate right / sat, the average points per
 *   sitting that held it (unanswered and still-pending answers count 0), and the marks still due.
 * - For choice questions, how often each option was chosen (a multiple-choice answer counts once for each
 *   option it names); a true/false question has the two options '0' (true) and '1' (false).
 * - The question's text and options are those of the latest sitting that held it.
 */
import { roundScore } from '../../../shared/rules/exam-score';
import { choiceIds, optionLetter, questionKind } from '../../../shared/rules/grading';
import type { ExamStats, QuestionStat, SittingListQuery, SittingRow } from '../../../shared/schemas/exam-admin';
import type { AppContext } from '../../context';
import { sanitizeRichText } from '../../lib/sanitize';
import { schoolExam } from './exams-admin.service';
import * as repo from './results.repository';
import { readSnapshot } from '../exams/sat-questions';

function toSittingRow(row: { sitting: repo.SittingRow; name: string; username: string }): SittingRow {
  const { sitting } = row;
  return {
    sittingId: sitting.id,
    studentId: sitting.studentId,
    name: row.name,
    username: row.username,
    attempt: sitting.attempt,
    status: sitting.status,
    closedBy: sitting.closedBy ?? null,
    startedAt: sitting.startedAt,
    deadlineAt: sitting.deadlineAt,
    submittedAt: sitting.submittedAt ?? null,
    score: sitting.score,
    totalScore: sitting.totalScore,
    passScore: sitting.passScore,
    passed: sitting.passed,
    pendingMarks: sitting.pendingMarks,
  };
}

export async function listSittings(ctx: AppContext, schoolId: string, query: SittingListQuery) {
  const { exam } = await schoolExam(ctx, schoolId, query.id);
  const { rows, total } = await repo.listSittings(ctx.db, exam.id, {
    key: query.key,
    filter: query.filter,
    limit: query.num,
    offset: (query.page - 1) * query.num,
  });
  return { list: rows.map(toSittingRow), total };
}

/** Every sitting of the exam (the export), latest start first. */
export async function allSittings(ctx: AppContext, examId: string): Promise<SittingRow[]> {
  return (await repo.listSittings(ctx.db, examId, { key: '', filter: 'all', limit: null, offset: 0 })).rows.map(
    toSittingRow,
  );
}

const TRUE_FALSE = [
  { oid: '0', content: '' },
  { oid: '1', content: '' },
];

export async function examStats(ctx: AppContext, schoolId: string, examId: string): Promise<ExamStats> {
  const { exam } = await schoolExam(ctx, schoolId, examId);
  const { sittings, answers } = await repo.submittedSittings(ctx.db, exam.id);
  const answerOf = new Map(answers.map((answer) => [`${answer.sittingId}/${answer.questionId}`, answer]));
  const stats = new Map<string, QuestionStat & { points: number }>();
  const order: string[] = [];
  for (const sitting of [...sittings].sort((a, b) => a.startedAt - b.startedAt)) {
    for (const question of readSnapshot(sitting.questions)) {
      const kind = questionKind(question.type);
      const options = kind === 'trueFalse' ? TRUE_FALSE : kind === 'short' ? [] : question.options;
      let stat = stats.get(question.qid);
      if (!stat) {
        order.push(question.qid);
        stat = {
          qid: question.qid,
          type: question.type,
          content: '',
          point: 0,
          sat: 0,
          answered: 0,
          right: 0,
          rightRate: 0,
          averagePoint: 0,
          pending: 0,
          options: [],
          points: 0,
        };
        stats.set(question.qid, stat);
      }
      // The latest copy names the question and its options (counts already made are kept by option id).
      const counts = new Map(stat.options.map((option) => [option.oid, option.chosen]));
      const rightIds = kind === 'short' ? [] : choiceIds(question.answer);
      Object.assign(stat, { type: question.type, content: question.content, point: question.point });
      stat.options = options.map((option, index) => ({
        oid: option.oid,
        letter: kind === 'trueFalse' ? '' : optionLetter(index),
        content: option.content,
        chosen: counts.get(option.oid) ?? 0,
        right: rightIds.includes(option.oid),
      }));
      stat.sat += 1;
      const answer = answerOf.get(`${sitting.id}/${question.qid}`);
      if (!answer) continue;
      if (answer.answer.trim() !== '') stat.answered += 1;
      if (answer.status === 'pending') stat.pending += 1;
      if (answer.status === 'graded' || answer.status === 'marked') {
        stat.points += Math.max(0, answer.point);
        if (answer.isRight) stat.right += 1;
      }
      if (kind !== 'short') {
        for (const oid of choiceIds(answer.answer)) {
          const option = stat.options.find((item) => item.oid === oid);
          if (option) option.chosen += 1;
        }
      }
    }
  }
  const questions = order.map((qid) => {
    const { points, ...stat } = stats.get(qid)!;
    return {
      ...stat,
      content: sanitizeRichText(stat.content),
      options: stat.options.map((option) => ({ ...option, content: sanitizeRichText(option.content) })),
      rightRate: stat.sat > 0 ? Math.round((stat.right / stat.sat) * 10_000) / 10_000 : 0,
      averagePoint: stat.sat > 0 ? roundScore(points / stat.sat) : 0,
    };
  });
  const scores = sittings.map((sitting) => sitting.score);
  return {
    submitted: sittings.length,
    passed: sittings.filter((sitting) => sitting.passed).length,
    averageScore: scores.length > 0 ? roundScore(scores.reduce((sum, score) => sum + score, 0) / scores.length) : 0,
    highestScore: scores.length > 0 ? Math.max(...scores) : 0,
    lowestScore: scores.length > 0 ? Math.min(...scores) : 0,
    questions,
  };
}
