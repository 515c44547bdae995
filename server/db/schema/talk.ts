import { table, text, integer, index, primaryKey } from './dialect';
import { admins, students } from './accounts';
import { courses } from './catalogue';
import { schools } from './schools';

/**
 * Talking to students (issue 16): announcements, system notices, private messages, notices by e-mail and
 * SMS (inform), chapter Q&A and notes. Times are ms since the epoch.
 */

/**
 * A school announcement (spec 4 'Announcement: pinned, viewed'): rich text sanitised on save, for everyone
 * or chosen groups (announcement_groups), pinned or not, shown between publishAt and endAt (null: open).
 * A draft has publishedAt null and is seen by nobody.
 */
export const announcements = table(
  'announcements',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    html: text('html').notNull(),
    audience: text('audience', { enum: ['all', 'groups'] })
      .notNull()
      .default('all'),
    pinned: integer('pinned', { mode: 'boolean' }).notNull().default(false),
    publishAt: integer('publish_at'),
    endAt: integer('end_at'),
    publishedAt: integer('published_at'),
    /** The first publication (its e-mails and SMS were queued then): kept when unpublished, never queued again. */
    firstPublishedAt: integer('first_published_at'),
    authorId: text('author_id').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('announcements_school').on(t.schoolId, t.publishedAt)],
);

/** The groups an announcement with audience 'groups' is for (a member of a sub-group counts). */
export const announcementGroups = table(
  'announcement_groups',
  {
    announcementId: text('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    groupId: text('group_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.groupId] })],
);

/** One row per student who has viewed an announcement (the modal shows an unread pinned one once). */
export const announcementViews = table(
  'announcement_views',
  {
    announcementId: text('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    viewedAt: integer('viewed_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.studentId] }),
    index('announcement_views_student').on(t.studentId),
  ],
);

/**
 * A system notice (systemnotice page): the platform telling one student about their own things. kind names
 * the event (course.granted, course.expiring, exam.published, exam.marked, plan.assigned, review.decided,
 * question.answered, comment.replied, ...); params is JSON the page words with the kind's i18n template;
 * link is the in-site path where the student acts. readAt null: unread.
 */
export const notices = table(
  'notices',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    params: text('params').notNull().default('{}'),
    link: text('link').notNull().default(''),
    /** Set when the same event must not notify twice (for example course.expiring per grant and day). */
    dedupeKey: text('dedupe_key'),
    createdAt: integer('created_at').notNull(),
    readAt: integer('read_at'),
  },
  (t) => [
    index('notices_student').on(t.studentId, t.createdAt),
    index('notices_unread').on(t.studentId, t.readAt),
    index('notices_dedupe').on(t.studentId, t.dedupeKey),
  ],
);

/**
 * A private message (privatemessage; spec 3 'Private messages', payload pmid, friendid, privatemsg) between
 * a student and the school's staff (or two students when the school allows it). Plain text. Kept when
 * either account is disabled. readAt null: unread by the recipient.
 */
export const privateMessages = table(
  'private_messages',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    senderKind: text('sender_kind', { enum: ['student', 'admin'] }).notNull(),
    senderId: text('sender_id').notNull(),
    recipientKind: text('recipient_kind', { enum: ['student', 'admin'] }).notNull(),
    recipientId: text('recipient_id').notNull(),
    body: text('body').notNull(),
    createdAt: integer('created_at').notNull(),
    readAt: integer('read_at'),
  },
  (t) => [
    index('private_messages_recipient').on(t.recipientKind, t.recipientId, t.readAt),
    index('private_messages_sender').on(t.senderKind, t.senderId, t.createdAt),
    index('private_messages_school').on(t.schoolId, t.createdAt),
  ],
);

/**
 * A school's notice channels (inform): SMTP settings (password encrypted at rest like the LDAP one) and the
 * SMS gateway's HTTP call template, as JSON in config; which channels each event uses in channels (JSON
 * { [event]: ('email'|'sms')[] }); whether students may write to each other in allowStudentMessages.
 */
export const informSettings = table('inform_settings', {
  schoolId: text('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  config: text('config').notNull().default('{}'),
  smtpPassword: text('smtp_password').notNull().default(''),
  channels: text('channels').notNull().default('{}'),
  allowStudentMessages: integer('allow_student_messages', { mode: 'boolean' }).notNull().default(false),
  updatedAt: integer('updated_at').notNull(),
});

/** A school's own wording of an event's e-mail or SMS in one locale (built-in wording when absent). */
export const informTemplates = table(
  'inform_templates',
  {
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    locale: text('locale').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.event, t.channel, t.locale] })],
);

/**
 * The persisted delivery queue of e-mails and SMS (survives a restart). status: queued, sending, sent,
 * failed (after the last retry). nextAt is when the next attempt may run (backoff); lastError what the
 * server or gateway answered. Every attempt's outcome stays here (the delivery log).
 */
export const informQueue = table(
  'inform_queue',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    event: text('event').notNull(),
    studentId: text('student_id'),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAt: integer('next_at').notNull(),
    lastError: text('last_error').notNull().default(''),
    createdAt: integer('created_at').notNull(),
    sentAt: integer('sent_at'),
    /** The app node sending the row (server/modules/cluster/nodes.ts): a dead node's rows are queued again. */
    node: text('node'),
  },
  (t) => [index('inform_queue_due').on(t.status, t.nextAt), index('inform_queue_school').on(t.schoolId, t.createdAt)],
);

/** Students who opted out of e-mail for non-essential notices. */
export const informOptouts = table('inform_optouts', {
  studentId: text('student_id')
    .primaryKey()
    .references(() => students.id, { onDelete: 'cascade' }),
  createdAt: integer('created_at').notNull(),
});

/**
 * A student's question on a chapter (learn/question/*), optionally at a video time (seconds). Hidden ones
 * are kept for the record and shown to nobody but the course's administrators.
 */
export const chapterQuestions = table(
  'chapter_questions',
  {
    id: text('id').primaryKey(),
    schoolId: text('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    courseId: text('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    chapterId: text('chapter_id').notNull(),
    studentId: text('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    videoTime: integer('video_time'),
    hidden: integer('hidden', { mode: 'boolean' }).notNull().default(false),
    answerCount: integer('answer_count').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    index('chapter_questions_course').on(t.courseId, t.chapterId, t.createdAt),
    index('chapter_questions_student').on(t.studentId, t.createdAt),
    index('chapter_questions_school').on(t.schoolId, t.createdAt),
  ],
);

/** An answer to a chapter question, by a teacher (admin) of the course or by the asker (a follow-up). */
export const chapterAnswers = table(
  'chapter_answers',
  {
    id: text('id').primaryKey(),
    questionId: text('question_id')
      .notNull()
      .references(() => chapterQuestions.id, { onDelete: 'cascade' }),
    authorKind: text('author_kind', { enum: ['student', 'admin'] }).notNull(),
    authorId: text('author_id').notNull(),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('chapter_answers_question').on(t.questionId, t.createdAt)],
);

/** A student's private note on a chapter, at a video time (seconds) or a page, or neither. */
export const notes = table(
  'notes',
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
    chapterId: text('chapter_id').notNull(),
    body: text('body').notNull(),
    videoTime: integer('video_time'),
    page: integer('page'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    index('notes_student').on(t.studentId, t.courseId, t.chapterId),
    index('notes_student_updated').on(t.studentId, t.updatedAt),
  ],
);
