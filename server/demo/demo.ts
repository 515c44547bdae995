import type { AppContext } from '../context';
import { hashPassword } from '../lib/passwords';
import { insertAdmin, insertGroup, insertStudent } from '../modules/auth/accounts.repository';
import { loadDemoCatalogue } from './catalogue';
import { loadDemoExtras } from './extras';

/** The demo logins printed on a development start (never loaded by the Docker image). */
export const DEMO_LOGINS = {
  admin: { username: 'admin', password: 'admin123' },
  teacher: { username: 'teacher', password: 'teacher123' },
  student: { username: 'student', password: 'student123' },
} as const;

/**
 * Fills a new school with demo people (a sub-admin, groups and students) and a demo catalogue (a
 * three-level category tree, courses with chapters of each kind), then columns, tags, articles and a
 * home setting (demo-extras.ts). Later domains add their own records here.
 */
export async function loadDemoData(ctx: AppContext, schoolId: string): Promise<void> {
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
  ctx.db.transaction((tx) => {
    insertAdmin(tx, {
      id: ctx.ids.next(),
      schoolId,
      parentId: schoolId,
      username: DEMO_LOGINS.teacher.username,
      passwordHash: teacherHash,
      name: '演示教师',
      permissions: JSON.stringify(['course', 'resource', 'exam', 'question']),
      createdAt: now,
    });
    for (const group of groups) insertGroup(tx, group);
    for (const person of people) {
      insertStudent(
        tx,
        {
          id: ctx.ids.next(),
          schoolId,
          username: person.username,
          passwordHash: studentHash,
          name: person.name,
          createdAt: now,
        },
        person.groups,
      );
    }
    // The group-restricted demo course is for 研发部.
    loadDemoCatalogue(ctx, tx, schoolId, groups[0].id);
    // Columns, tags, articles and the home setting, through the back-office services (savepoints inside this transaction).
    loadDemoExtras(ctx, schoolId);
  });
  ctx.log.info('demo school loaded');
}
