import type { AppContext } from '../context';
import { hashPassword } from '../lib/passwords';
import { findAdminByUsername, insertAdmin, insertGroup, insertStudent } from '../modules/auth/accounts.repository';
import { loadDemoCatalogue } from './catalogue';
import { loadDemoExtras } from './extras';
import { loadDemoFeedback, loadDemoRecords } from './learner';
import { loadDemoMedia } from './media';
import { loadDemoStudy } from './study';
import { eachAsync } from '../lib/sequential';

/** The demo logins printed on a development start (never loaded by the Docker image). */
export const DEMO_LOGINS = {
  admin: { username: 'admin', password: 'admin123' },
  teacher: { username: 'teacher', password: 'teacher123' },
  student: { username: 'student', password: 'student123' },
} as const;

/**
 * Fills a new school with demo people (a sub-admin, groups and students) and a demo catalogue (a
 * three-level category tree, courses with chapters of each kind), then columns, tags, articles and a
 * home setting (extras.ts); then (issue 18) the shipped media on every chapter of their kind (media.ts,
 * conversions queued for after the start), questions, exercises, exams and a growth plan (study.ts), and
 * what the students did: records over the last weeks, a signature, ratings and comments (learner.ts).
 */
export async function loadDemoData(ctx: AppContext, schoolId: string): Promise<void> {
  const started = Date.now();
  const now = ctx.now();
  const [teacherHash, studentHash] = await Promise.all([
    hashPassword(DEMO_LOGINS.teacher.password),
    hashPassword(DEMO_LOGINS.student.password),
  ]);
  const groups = ['研发部', '市场部', '新员工'].map((name, position) => ({
    id: ctx.ids.next(),
    schoolId,
    parentId: null,
    name,
    position,
    createdAt: now,
  }));
  const people = [
    { username: DEMO_LOGINS.student.username, name: '演示学员', groups: [groups[0].id] },
    { username: 'zhangsan', name: '张三', groups: [groups[0].id, groups[2].id] },
    { username: 'lisi', name: '李四', groups: [groups[1].id] },
  ];
  const ids = people.map(() => ctx.ids.next());
  const courses = await ctx.db.transaction(async (tx) => {
    await insertAdmin(tx, {
      id: ctx.ids.next(),
      schoolId,
      parentId: schoolId,
      username: DEMO_LOGINS.teacher.username,
      passwordHash: teacherHash,
      name: '演示教师',
      permissions: JSON.stringify(['course', 'resource', 'exam', 'question']),
      createdAt: now,
    });
    for (const group of groups) await insertGroup(tx, group);
    await eachAsync(people, async (person, index) => {
      await insertStudent(
        tx,
        {
          id: ids[index]!,
          schoolId,
          username: person.username,
          passwordHash: studentHash,
          name: person.name,
          createdAt: now,
        },
        person.groups,
      );
    });
    // The group-restricted demo course is for 研发部.
    const byTitle = await loadDemoCatalogue(ctx, tx, schoolId, groups[0].id);
    // Columns, tags, articles and the home setting, through the back-office services (savepoints inside this transaction).
    await loadDemoExtras(ctx, schoolId);
    return byTitle;
  });
  await loadDemoActivity(ctx, schoolId, courses, ids);
  ctx.log.info({ ms: Date.now() - started }, 'demo school loaded');
}

/** The demo courses issue 18's additions use, by title (catalogue.ts). */
const COURSE = {
  everyKind: 'React 入门实战',
  everyKind2: 'Excel 数据分析',
  finished: '职场礼仪',
  graphic: '高效沟通（图文）',
  team: '研发规范与流程',
} as const;

/** Media, questions, exams, the plan, and what the students did (issue 18), once the catalogue is there. */
async function loadDemoActivity(
  ctx: AppContext,
  schoolId: string,
  courses: Map<string, string>,
  [student, zhangsan, lisi]: string[],
): Promise<void> {
  const admin = await findAdminByUsername(ctx.db, ctx.config.ADMIN_USERNAME);
  if (!admin || !student || !zhangsan || !lisi) throw new Error('demo: the main administrator or a student is missing');
  const course = (title: string) => {
    const id = courses.get(title);
    if (!id) throw new Error(`demo course missing: ${title}`);
    return id;
  };
  if (ctx.config.DEMO_MEDIA) await loadDemoMedia(ctx, schoolId, admin.id, [...courses.values()]);
  await loadDemoStudy(
    ctx,
    { schoolId, userId: admin.id },
    [...courses.values()],
    [course(COURSE.finished), course(COURSE.graphic), course(COURSE.team)],
    student,
  );
  const finished = course(COURSE.finished);
  await loadDemoRecords(ctx, schoolId, [
    { studentId: student, courseId: finished, finished: 'all', underway: false, firstDaysAgo: 20, lastDaysAgo: 12 },
    {
      studentId: student,
      courseId: course(COURSE.everyKind),
      finished: 3,
      underway: true,
      firstDaysAgo: 9,
      lastDaysAgo: 1,
    },
    { studentId: zhangsan, courseId: finished, finished: 'all', underway: false, firstDaysAgo: 15, lastDaysAgo: 5 },
    {
      studentId: zhangsan,
      courseId: course(COURSE.everyKind2),
      finished: 2,
      underway: true,
      firstDaysAgo: 6,
      lastDaysAgo: 2,
    },
    { studentId: lisi, courseId: finished, finished: 2, underway: true, firstDaysAgo: 8, lastDaysAgo: 3 },
  ]);
  const as = (userId: string) => ({ role: 'student' as const, schoolId, userId, tokenHash: '' });
  await loadDemoFeedback(
    ctx,
    admin.id,
    { courseId: finished, students: [as(student), as(zhangsan), as(lisi)] },
    as(student),
  );
}
