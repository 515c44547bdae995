import { table, text, integer, index, uniqueIndex } from './dialect';
import { schools } from './schools';
import { courses } from './catalogue';
import { students } from './accounts';
import { files } from './media';

/**
 * E-signatures (spec 3 'Signature record': uid, img, coid, cid; spec 4 'Signature dialog'; spec 7
 * stu/savesignature, stu/checksignature): the watermarked signature.jpeg a student signs when a course with
 * settings.signature is complete. One per student and course (signing again replaces the image); the image
 * is a private file (only the student and the school's administrators fetch it).
 */
export const signatures = table(
  'signatures',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** The chapter the student was on when signing ('0' for the course). */
    chapterId: text('chapter_id').notNull().default('0'),
    fileId: text('file_id')
      .notNull()
      .references(() => files.id),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('signatures_student_course').on(t.studentId, t.courseId),
    index('signatures_course').on(t.courseId, t.createdAt),
  ],
);

/**
 * Ratings (spec 3 'Grade payload': uid, coid, cid, score, content; spec 4 'Rating dialog'; spec 7 grade/add,
 * 'check chapter has a grade', chapter grade list/delete): a score of 0 to 5 stars and a comment of at most
 * 100 characters, one per student and chapter ('0' = the course as a whole).
 */
export const grades = table(
  'grades',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    chapterId: text('chapter_id').notNull().default('0'),
    score: integer('score').notNull(),
    content: text('content').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('grades_student_chapter').on(t.studentId, t.courseId, t.chapterId),
    index('grades_course').on(t.courseId, t.createdAt),
  ],
);
