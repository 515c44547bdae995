/** Chapter exercises and students' answers to them (server/db/schema/exams.ts): the only place that queries them. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Spec 4 'Quiz dialog': "A correctly answered question is removed from the exercise sets' pending lists".
 * The questions still pending per chapter of a course for a student: in the chapter's set and not answered
 * right, nor waiting for a teacher's mark (a short answer marked wrong is pending again). Chapters with
 * nothing pending are absent.
 */
export function pendingExercisesByChapter(db: Db, studentId: string, courseId: string): Map<string, number> {
  const rows = db.all<{ chapterId: string; pending: number }>(sql`
    SELECT ce.chapter_id AS chapterId, COUNT(*) AS pending
    FROM chapter_exercises ce
    JOIN exercise_set_questions q ON q.set_id = ce.set_id
    LEFT JOIN exercise_answers a ON a.student_id = ${studentId} AND a.chapter_id = ce.chapter_id AND a.question_id = q.question_id
    WHERE ce.course_id = ${courseId} AND (a.question_id IS NULL OR (a.is_right = 0 AND a.status <> 'pending'))
    GROUP BY ce.chapter_id`);
  return new Map(rows.map((row) => [row.chapterId, row.pending]));
}
