import { table, text, integer, index, primaryKey } from './dialect';
import { schools } from './schools';
import { courses } from './catalogue';
import { students } from './accounts';

/**
 * Course comments and their replies (spec 3 'Comment'). A comment has parentId '0'; a reply carries the
 * comment's id as parentId (the spec's "replies carry cid equal to the comment's cmid"). chapterId is the
 * chapter commented on, '0' for the course itself. The author is a student (authorRole 'student') or an
 * administrator answering from the back office (authorRole 'admin'); authorName is kept as written then.
 */
export const comments = table(
  'comments',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    chapterId: text('chapter_id').notNull().default('0'),
    parentId: text('parent_id').notNull().default('0'),
    authorRole: text('author_role', { enum: ['student', 'admin'] }).notNull(),
    authorId: text('author_id').notNull(),
    authorName: text('author_name').notNull(),
    text: text('text').notNull(),
    /** Likes (comment/prise). */
    likes: integer('likes').notNull().default(0),
    /** Hidden by an administrator: kept for the record, never shown to students. */
    hidden: integer('hidden', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    index('comments_course').on(t.courseId, t.parentId, t.createdAt),
    index('comments_school').on(t.schoolId, t.createdAt),
  ],
);

/** One like per student and comment. */
export const commentLikes = table(
  'comment_likes',
  {
    commentId: text('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.studentId] })],
);
