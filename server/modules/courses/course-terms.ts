import { VALIDITY, type CourseValidity } from '../../../shared/rules/course-status';
import type { AppContext, Auth } from '../../context';
import type { CourseHead } from './catalogue.repository';
import { studentCourses } from './student-courses';
import { fenToYuan, readSettings } from './courses.presenter';

/*
 * A viewer's purchase of a course and the course's validity: the facts the course page, the graphic text, the
 * chapters, my courses and the records engine all read. They live apart from course-info.service so that the
 * records engine can read them without a loop back through the course page (modules lean on each other through
 * services, never in a loop).
 */

/** Whether the viewer owns the course (enrolment) and since when; false for guests and administrators. */
export function purchaseOf(ctx: AppContext, auth: Auth, coid: string): { bought: boolean; buyDate: number | null } {
  if (auth.role !== 'student') return { bought: false, buyDate: null };
  const enrolment = studentCourses(ctx, auth.userId).enrolments.get(coid);
  return { bought: !!enrolment, buyDate: enrolment?.createdAt ?? null };
}

/** A course's price and validity as shared/rules/course-status reads them. */
export function validityOf(head: Pick<CourseHead, 'actualFen' | 'ceType' | 'ceTime' | 'settings'>): CourseValidity {
  return {
    actual: fenToYuan(head.actualFen),
    ce_type: head.ceType,
    ce_time: head.ceTime,
    vaildBeginTime: head.ceType === VALIDITY.fixedWindow ? readSettings(head.settings).vaildBeginTime : null,
  };
}
