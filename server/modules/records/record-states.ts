/** The records engine's states in memory and the rows they are written as. */
import type { Interval } from './intervals';
import type { CourseRecordRow, HeartbeatRow, LearnRow } from './records.repository';

export type LearnState = Omit<LearnRow, 'intervals'> & { intervals: Interval[]; usedAt: number };
export type CourseState = CourseRecordRow & { usedAt: number; isNew: boolean };
export type StreamRow = HeartbeatRow;

export function toLearnRow(state: LearnState): LearnRow {
  return {
    studentId: state.studentId,
    courseId: state.courseId,
    chapterId: state.chapterId,
    schoolId: state.schoolId,
    effMs: state.effMs,
    watched: state.watched,
    intervals: JSON.stringify(state.intervals),
    progress: state.progress,
    furthest: state.furthest,
    position: state.position,
    duration: state.duration,
    completedAt: state.completedAt,
    passed: state.passed,
    verifyStatus: state.verifyStatus,
    startedAt: state.startedAt,
    updatedAt: state.updatedAt,
  };
}

export function toCourseRow(state: CourseState): CourseRecordRow {
  return {
    studentId: state.studentId,
    courseId: state.courseId,
    schoolId: state.schoolId,
    lastChapterId: state.lastChapterId,
    lastVisitAt: state.lastVisitAt,
    effMs: state.effMs,
    completeChapter: state.completeChapter,
    totalChapter: state.totalChapter,
    process: state.process,
    startedAt: state.startedAt,
    completedAt: state.completedAt,
    updatedAt: state.updatedAt,
  };
}
