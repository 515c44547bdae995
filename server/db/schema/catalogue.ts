import { table, text, integer, index, primaryKey } from './dialect';
import { schools } from './schools';
import { students } from './accounts';

/**
 * Categories of a school, three levels, for courses (kind 'course') or columns (kind 'column').
 * parent_id and position are the truth; lft/rgt are a nested set derived from them on every
 * structural change (a virtual root per school and kind has lft 0), so a subtree is one range query.
 */
export const categories = table(
  'categories',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['course', 'column'] })
      .notNull()
      .default('course'),
    /** '0' for a first-level category. */
    parentId: text('parent_id').notNull().default('0'),
    title: text('title').notNull(),
    position: integer('position').notNull().default(0),
    depth: integer('depth').notNull().default(1),
    lft: integer('lft').notNull().default(0),
    rgt: integer('rgt').notNull().default(0),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('categories_tree').on(t.schoolId, t.kind, t.lft)],
);

/** Courses (spec 3 'Course'); prices in fen (hundredths of a yuan); settings JSON per 'Course settings'. */
export const courses = table(
  'courses',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    catid: text('catid').notNull().default('0'),
    title: text('title').notNull(),
    img: text('img').notNull().default(''),
    description: text('description').notNull().default(''),
    keywords: text('keywords').notNull().default(''),
    notes: text('notes').notNull().default(''),
    /** 0 ordinary, 1 live, 2 public live, 3 study-plan course, 4 graphic/article. */
    type: integer('type').notNull().default(0),
    level: integer('level').notNull().default(0),
    label: integer('label').notNull().default(0),
    actualFen: integer('actual_fen').notNull().default(0),
    priceFen: integer('price_fen').notNull().default(0),
    /** Validity: 0 permanent, 1 days from purchase (ceTime days), 2 fixed window (ceTime end date). */
    ceType: integer('ce_type').notNull().default(0),
    ceTime: text('ce_time').notNull().default(''),
    authenticationGid: text('authentication_gid').notNull().default(''),
    orderRest: integer('order_rest', { mode: 'boolean' }).notNull().default(false),
    duration: integer('duration').notNull().default(0),
    lcount: integer('lcount').notNull().default(0),
    /** Popularity (views): the default catalogue order and hot courses sort by it (spec 3 count, hots). */
    count: integer('count').notNull().default(0),
    settings: text('settings').notNull().default('{}'),
    isPrivate: integer('private', { mode: 'boolean' }).notNull().default(false),
    published: integer('published', { mode: 'boolean' }).notNull().default(false),
    deleted: integer('deleted', { mode: 'boolean' }).notNull().default(false),
    /** Pinned courses come first, higher first; 0 = not pinned. */
    top: integer('top').notNull().default(0),
    /**
     * Study credits (学分) a student earns on completing the course, in tenths (25 = 2.5; shared/rules/
     * study-credits); 0 gives none. A change applies to later completions only (server/db/schema/credits.ts).
     */
    creditTenths: integer('credit_tenths').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    index('courses_school_cat').on(t.schoolId, t.catid),
    index('courses_school_created').on(t.schoolId, t.createdAt),
  ],
);

/** Chapters of a course, a tree of chapters and subchapters ('0' parent = top level). */
export const chapters = table(
  'chapters',
  {
    id: text('id').primaryKey(),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    parentId: text('parent_id').notNull().default('0'),
    position: integer('position').notNull().default(0),
    title: text('title').notNull(),
    /** The chapter kind: see shared/schemas/chapters CHAPTER_TYPE. */
    type: integer('type').notNull().default(0),
    free: integer('free', { mode: 'boolean' }).notNull().default(false),
    allowdownload: integer('allowdownload', { mode: 'boolean' }).notNull().default(false),
    showgrade: integer('showgrade', { mode: 'boolean' }).notNull().default(false),
    description: text('description').notNull().default(''),
    /** The library resource this chapter teaches (spec 3 'Ware info' rid); '' when none is attached. */
    resourceId: text('resource_id').notNull().default(''),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('chapters_course').on(t.courseId, t.parentId, t.position)],
);

/** Columns: course bundles with their own price and validity. */
export const columns = table(
  'columns',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    catid: text('catid').notNull().default('0'),
    title: text('title').notNull(),
    img: text('img').notNull().default(''),
    description: text('description').notNull().default(''),
    actualFen: integer('actual_fen').notNull().default(0),
    priceFen: integer('price_fen').notNull().default(0),
    ceType: integer('ce_type').notNull().default(0),
    ceTime: text('ce_time').notNull().default(''),
    bookCount: integer('book_count').notNull().default(0),
    published: integer('published', { mode: 'boolean' }).notNull().default(false),
    deleted: integer('deleted', { mode: 'boolean' }).notNull().default(false),
    top: integer('top').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('columns_school').on(t.schoolId, t.catid)],
);

export const columnCourses = table(
  'column_courses',
  {
    columnId: text('column_id')
      .notNull()
      .references(() => columns.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.columnId, t.courseId] }), index('column_courses_course').on(t.courseId)],
);

/** Articles (news) of a school: draft (0) or published (1), pinned to the top. */
export const articles = table(
  'articles',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    img: text('img').notNull().default(''),
    status: integer('status').notNull().default(0),
    pinned: integer('pinned', { mode: 'boolean' }).notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('articles_school').on(t.schoolId, t.status)],
);

/** Tags of a school, shown as course sections on the home page. */
export const tags = table(
  'tags',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('tags_school').on(t.schoolId)],
);

export const courseTags = table(
  'course_tags',
  {
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    tagId: text('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    /** The course's place in the tag's section. */
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.tagId] }), index('course_tags_tag').on(t.tagId)],
);

/** The school's home setting JSON (spec 3 'Home setting'), validated by zHomeSetting. */
export const homeSettings = table('home_settings', {
  schoolId: text('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  setting: text('setting').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

/** Bookmarks (collect 1/0) of students. */
export const collects = table(
  'collects',
  {
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.courseId] })],
);

/** Who may study a course: obtained free, bought, through a column, or granted by an administrator. */
export const enrolments = table(
  'enrolments',
  {
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['free', 'buy', 'obtain', 'column', 'admin', 'plan'] }).notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.courseId] }), index('enrolments_course').on(t.courseId)],
);

/** Column subscriptions (isBook). */
export const columnBooks = table(
  'column_books',
  {
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    columnId: text('column_id')
      .notNull()
      .references(() => columns.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.columnId] })],
);

/** Bookmarks of columns (collect 1/0 on the column page). */
export const columnCollects = table(
  'column_collects',
  {
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    columnId: text('column_id')
      .notNull()
      .references(() => columns.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.studentId, t.columnId] })],
);
