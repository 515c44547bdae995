import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { zSaveExam, zSavePaper } from '../../shared/schemas/exam-admin';
import { zUpdateExec } from '../../shared/schemas/exercises';
import { zAssignPlan, zNewPlan, zVerifyPlan } from '../../shared/schemas/plans';
import { type NewQuestion, zNewQuestion } from '../../shared/schemas/questions';
import type { AppContext } from '../context';
import { listChapters } from '../modules/chapters/chapters.repository';
import { publishExam, saveExam } from '../modules/exam-admin/exams-admin.service';
import { savePaper } from '../modules/exam-admin/papers.service';
import { publishCourse } from '../modules/courses/courses.service';
import { updateExec } from '../modules/exercises/exercises-admin.service';
import { assignPlan, commitPlan, createPlan, verifyPlan } from '../modules/plans/plans.service';
import { addCategory } from '../modules/questions/question-categories.service';
import { addQuestion } from '../modules/questions/questions.service';

/**
 * The demo school's questions, exercises, exams and growth plan (issue 18), through the back office's
 * services and schemas: a bank with each question kind (single, multiple, true/false, short answer), every
 * exercise chapter's set, a final exam on each exam chapter, a growth plan whose first stage has an exam,
 * approved, published and assigned to the demo student.
 */

const choice = (content: string, options: string[], answer: string, explanation = ''): NewQuestion => ({
  type: answer.includes(',') ? 1 : 0,
  content: `<p>${content}</p>`,
  optiondata: options.map((text, i) => ({ oid: String(i + 1), content: `<p>${text}</p>` })),
  answer,
  point: answer.includes(',') ? 4 : 2,
  explanation: explanation ? `<p>${explanation}</p>` : '',
});

const BANK: { category: string; questions: NewQuestion[] }[] = [
  {
    category: '平台使用',
    questions: [
      choice(
        '在蓝学中，学习进度保存在哪里？',
        ['浏览器缓存', '服务器上的学习记录', '不保存', 'U 盘'],
        '2',
        '进度由服务器记录。',
      ),
      choice('以下哪些是蓝学支持的章节类型？', ['视频', '音频', '幻灯片', '传真'], '1,2,3'),
      { type: 2, content: '<p>学完全部章节后才能参加结业考试。</p>', answer: '0', point: 2 },
      { type: 3, content: '<p>请用一句话说说你的学习计划。</p>', answer: '每周学习两门课程。', point: 5 },
    ],
  },
  {
    category: '职场沟通',
    questions: [
      choice('“结论先行”指的是什么？', ['先讲细节', '先说结论再讲理由', '只说结论', '不说结论'], '2'),
      choice('有效倾听包括哪些做法？', ['不打断', '复述确认', '边听边看手机', '提问澄清'], '1,2,4'),
      { type: 2, content: '<p>会议纪要应在会后尽快发出。</p>', answer: '0', point: 2 },
      { type: 2, content: '<p>邮件主题可以留空。</p>', answer: '1', point: 2 },
    ],
  },
];

export interface DemoStudy {
  questions: string[];
  exams: string[];
  planId: string;
}

async function loadBank(ctx: AppContext, admin: { schoolId: string; userId: string }): Promise<string[]> {
  const ids: string[] = [];
  for (const { category, questions } of BANK) {
    const { catid } = await addCategory(ctx, admin.schoolId, { title: category, parent_id: '0' });
    for (const question of questions)
      ids.push((await addQuestion(ctx, admin, zNewQuestion.parse({ ...question, categoryId: catid }))).qid);
  }
  return ids;
}

/** A fixed paper of these questions (each at its bank points) and a published exam on a chapter. */
async function chapterExam(
  ctx: AppContext,
  admin: { schoolId: string; userId: string },
  title: string,
  questions: string[],
  at: { courseId: string; chapterId: string },
): Promise<string> {
  const paper = await savePaper(
    ctx,
    admin.schoolId,
    zSavePaper.parse({
      title: `${title}试卷`,
      mode: 'fixed',
      questions: questions.map((qid) => ({ qid, point: 10 })),
      passScore: questions.length * 6,
    }),
  );
  const exam = await saveExam(
    ctx,
    admin,
    zSaveExam.parse({ title, paperId: paper.id, durationMin: 20, attempts: 3, showResults: 'answers', ...at }),
  );
  await publishExam(ctx, admin.schoolId, exam.id, true);
  return exam.id;
}

/**
 * Adds the bank, exercises and exams to the given courses, then the growth plan made of planCourses
 * (whose chapters already teach their media), with an exam on its first stage, assigned to the student.
 */
export async function loadDemoStudy(
  ctx: AppContext,
  admin: { schoolId: string; userId: string },
  courses: readonly string[],
  planCourses: readonly string[],
  studentId: string,
): Promise<DemoStudy> {
  const questions = await loadBank(ctx, admin);
  const exams: string[] = [];
  const objective = questions.filter((_, i) => i % 4 !== 3);
  for (const courseId of courses) {
    for (const chapter of await listChapters(ctx.db, courseId)) {
      if (chapter.type === CHAPTER_TYPE.exercise) {
        const picked = [questions[0]!, questions[1]!, questions[2]!, questions[4]!];
        const input = { coid: courseId, cid: chapter.id, questions: picked.map((qid) => ({ qid })) };
        await updateExec(ctx, admin.userId, zUpdateExec.parse(input));
      }
      if (chapter.type === CHAPTER_TYPE.exam)
        exams.push(await chapterExam(ctx, admin, '结业考试', objective, { courseId, chapterId: chapter.id }));
    }
  }
  const plan = await createPlan(
    ctx,
    admin.userId,
    admin.schoolId,
    zNewPlan.parse({
      title: '新员工成长计划',
      kind: 'growth',
      courses: planCourses,
      description: '<p>入职第一个月：按阶段学完礼仪、沟通与研发规范，每个阶段有一次阶段考试。</p>',
    }),
  );
  const stage = (await listChapters(ctx.db, plan.coid)).find((row) => row.parentId === '0');
  if (stage)
    exams.push(
      await chapterExam(ctx, admin, '阶段考试', objective.slice(0, 4), { courseId: plan.coid, chapterId: stage.id }),
    );
  await commitPlan(ctx, admin.userId, plan.coid);
  await verifyPlan(ctx, admin.userId, zVerifyPlan.parse({ coid: plan.coid, approve: true }));
  await publishCourse(ctx, admin.userId, plan.coid, true);
  await assignPlan(ctx, admin.userId, zAssignPlan.parse({ coid: plan.coid, sids: [studentId] }));
  return { questions, exams, planId: plan.coid };
}
