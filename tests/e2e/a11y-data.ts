/**
 * The data the accessibility scans look at: the demo school (DEMO_DATA: catalogue, columns, tags, articles,
 * home setting, groups, students) plus what the other browser tests build on top of it, so every page has
 * something to show: the React course's chapters of each kind with their library resources (real media when
 * asked, as learn-pages.test.ts makes them), exercises and an exam chapter, a standalone exam, a study plan,
 * a comment, a submitted and an open sitting, a short answer waiting for marking, study records.
 */
import { and, eq } from 'drizzle-orm';
import { chapters, columns, examCategories, students } from '../../server/db/schema';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { login } from '../helpers/app';
import { seedChapterExercises, seedExam, seedPaper, seedQuestion } from '../helpers/exam-factory';
import {
  attachResource,
  enrol,
  makeAudio,
  makeImage,
  makePdf,
  makeSlides,
  makeVideo,
  seedResource,
} from '../helpers/learning-factory';
import { seedPendingExerciseAnswer, seedSitting } from '../helpers/sitting-factory';
import { asAdmin, courseByTitle } from './catalogue-helpers';
import type { Harness } from './harness';
import { first } from '../../server/db/client';

export interface A11yData {
  hashUID: string;
  student: { id: string; cookie: string };
  react: { coid: string; code: string };
  graphic: { code: string };
  live: { coid: string };
  column: { id: string; code: string };
  aid: string;
  plan: { coid: string };
  exam: { id: string; categoryId: string; sittingId: string };
  paperId: string;
  /** The React course's chapters by kind. */
  cids: Record<'video' | 'audio' | 'pdf' | 'office' | 'ppt' | 'graphic' | 'exercise' | 'exam', string>;
}

/** Placeholder bytes for the back-office scans, which show resources but never play them. */
async function fakeMedia() {
  return {
    video: null,
    audio: Buffer.from('m4a'),
    pdf: Buffer.from('%PDF-1.4\n'),
    slides: [Buffer.from('png')],
    image: Buffer.from('png'),
  };
}

async function realMedia() {
  const [video, audio, pdf, slides, image] = await Promise.all([
    makeVideo(4),
    makeAudio(3),
    makePdf([
      ['第一页 课程讲义', '蓝学在线学习平台：无障碍检查。'],
      ['第二页 复习题', '请回答以下问题。'],
    ]),
    makeSlides(2),
    makeImage(),
  ]);
  return { video, audio, pdf, slides, image };
}

/** Builds the scans' data on a harness started with DEMO_DATA; `media` makes real files for the study pages. */
export async function seedA11yData(h: Harness, media: 'real' | 'fake'): Promise<A11yData> {
  const admin = await asAdmin(h);
  const { ctx } = h.app;
  const schoolId = h.school.id;
  const files = media === 'real' ? await realMedia() : await fakeMedia();

  const react = await courseByTitle(h, 'React 入门实战');
  const rows = await ctx.db.select().from(chapters).where(eq(chapters.courseId, react.coid));
  const ofType = (type: number) => {
    const row = rows.find((chapter) => chapter.type === type);
    if (!row) throw new Error(`React 入门实战 has no chapter of type ${type}`);
    return row.id;
  };
  const cids = {
    video: ofType(CHAPTER_TYPE.video),
    audio: ofType(CHAPTER_TYPE.audio),
    pdf: ofType(CHAPTER_TYPE.document),
    office: ofType(CHAPTER_TYPE.office),
    ppt: ofType(CHAPTER_TYPE.ppt),
    graphic: ofType(CHAPTER_TYPE.imageText),
    exercise: ofType(CHAPTER_TYPE.exercise),
    exam: ofType(CHAPTER_TYPE.exam),
  };

  // The demo school already teaches these chapters (server/demo/study.ts: an exercise set, a final exam); the
  // scans' own replace them, so the pages show what is seeded here.
  await admin('POST', '/course/updateExec', { coid: react.coid, cid: cids.exercise, questions: [] });
  const onChapters = await admin<{ list: { cid: string; examId: string }[] }>(
    'GET',
    `/examadmin/exam/chapters?courseId=${react.coid}`,
  );
  for (const { examId } of onChapters.list.filter((row) => row.cid === cids.exam && row.examId))
    await admin('POST', '/examadmin/exam/delete', { id: examId });

  const video = files.video;
  const videoRid = await seedResource(h.app, {
    schoolId,
    kind: 'video',
    fileName: '课程介绍.mp4',
    mime: 'video/mp4',
    source: video ? `${video}/source.mp4` : Buffer.from('mp4'),
    duration: 4,
    outputs: { mp4: 'video.mp4', poster: 'poster.jpg', width: 640, height: 360 },
    subtitles: [{ label: '中文', lang: 'zh', path: 'subtitles/zh.vtt' }],
    derived: video
      ? {
          'video.mp4': `${video}/video.mp4`,
          'poster.jpg': `${video}/poster.jpg`,
          'subtitles/zh.vtt': `${video}/zh.vtt`,
        }
      : { 'subtitles/zh.vtt': Buffer.from('WEBVTT\n') },
  });
  const audioRid = await seedResource(h.app, {
    schoolId,
    kind: 'audio',
    fileName: '讲师寄语.wav',
    mime: 'audio/wav',
    source: Buffer.from('RIFF'),
    duration: 3,
    outputs: { audio: 'audio.m4a' },
    derived: { 'audio.m4a': files.audio },
  });
  const pdfRid = await seedResource(h.app, {
    schoolId,
    kind: 'pdf',
    fileName: '学习指南.pdf',
    mime: 'application/pdf',
    source: files.pdf,
    outputs: { pages: 2 },
  });
  const officeRid = await seedResource(h.app, {
    schoolId,
    kind: 'office',
    fileName: '案例数据.docx',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    source: Buffer.from('docx'),
    outputs: { pdf: 'document.pdf', pages: 2 },
    derived: { 'document.pdf': files.pdf },
  });
  const pptRid = await seedResource(h.app, {
    schoolId,
    kind: 'ppt',
    fileName: '课堂讲义.pptx',
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    source: Buffer.from('pptx'),
    outputs: { slides: files.slides.map((_, i) => `slides/slide-${i + 1}.png`), pages: files.slides.length },
    derived: Object.fromEntries(files.slides.map((png, i) => [`slides/slide-${i + 1}.png`, png])),
  });
  await seedResource(h.app, {
    schoolId,
    kind: 'image',
    fileName: '示意图.png',
    mime: 'image/png',
    source: files.image,
    outputs: { width: 1200, height: 800 },
  });
  await attachResource(h.app, cids.video, videoRid);
  await attachResource(h.app, cids.audio, audioRid);
  await attachResource(h.app, cids.pdf, pdfRid);
  await attachResource(h.app, cids.office, officeRid);
  await attachResource(h.app, cids.ppt, pptRid);
  await admin('POST', '/chapter/update', {
    cid: cids.graphic,
    description: '<h3>学习要点</h3><p>先理解概念，再动手练习，最后总结回顾。</p>',
  });

  // Exercises on the exercise chapter (one short answer, so marking has work), an exam chapter, a standalone exam.
  const single = await seedQuestion(h.app, {
    schoolId,
    type: 0,
    content: '<p>React 组件的返回值是？</p>',
    options: ['JSX', 'SQL', 'CSS'],
    answer: '1',
    explanation: '<p>组件返回 JSX。</p>',
  });
  const judge = await seedQuestion(h.app, { schoolId, type: 2, content: '<p>状态可以直接修改。</p>', answer: '1' });
  const short = await seedQuestion(h.app, {
    schoolId,
    type: 3,
    content: '<p>简述 useEffect 的用途。</p>',
    answer: '副作用',
  });
  await seedChapterExercises(h.app, {
    schoolId,
    courseId: react.coid,
    chapterId: cids.exercise,
    questionIds: [single, judge, short],
  });
  const paperId = await seedPaper(h.app, {
    schoolId,
    questionIds: [single, judge],
    points: [50, 50],
    passScore: 60,
    title: 'React 结业试卷',
  });
  await seedExam(h.app, {
    schoolId,
    paperId,
    courseId: react.coid,
    chapterId: cids.exam,
    title: '结业考试',
    durationSec: 900,
    attempts: 2,
  });
  const categoryId = ctx.ids.next();
  await ctx.db
    .insert(examCategories)
    .values({ id: categoryId, schoolId, title: '安全考试', position: 0, createdAt: ctx.now() });
  const examId = await seedExam(h.app, {
    schoolId,
    paperId,
    categoryId,
    title: '消防安全考试',
    durationSec: 600,
    attempts: 3,
    showResults: 'answers',
  });

  // The demo student (研发部): enrolled, with a comment, a submitted sitting, an answer to mark and records.
  const demo = first(
    await ctx.db
      .select()
      .from(students)
      .where(and(eq(students.schoolId, schoolId), eq(students.username, 'student'))),
  );
  if (!demo) throw new Error('no demo student');
  const { cookie } = await login(h.app, { username: 'student', password: 'student123' });
  await enrol(h.app, demo.id, react.coid, ctx.now(), 'free');
  await enrol(h.app, demo.id, (await courseByTitle(h, 'Vue 3 进阶')).coid);
  const asStudent = (url: string, payload: Record<string, unknown>) =>
    h.app.inject({ method: 'POST', url, payload, headers: { cookie } });
  await asStudent('/learn/start', { coid: react.coid });
  await asStudent('/comment/add', { coid: react.code, text: '讲得很清楚，推荐。' });
  const sittingId = await seedSitting(h.app, { examId, studentId: demo.id, answers: { [single]: '1', [judge]: '0' } });
  await seedPendingExerciseAnswer(h.app, {
    studentId: demo.id,
    schoolId,
    courseId: react.coid,
    chapterId: cids.exercise,
    questionId: short,
    answer: '处理副作用。',
  });

  // A growth plan of two courses, approved, published and assigned to the demo student.
  const plan = await admin<{ coid: string }>('POST', '/studyplan/create', {
    title: '前端成长计划',
    kind: 'growth',
    courses: [react.coid, (await courseByTitle(h, 'Vue 3 进阶')).coid],
  });
  await admin('POST', '/studyplan/commit', { coid: plan.coid });
  await admin('POST', '/studyplan/verify', { coid: plan.coid, approve: true });
  await admin('POST', '/course/pub', { coid: plan.coid, pub: '1' });
  await admin('POST', '/studyplan/assign', { coid: plan.coid, sids: [demo.id] });

  const column = first(
    await ctx.db
      .select()
      .from(columns)
      .where(and(eq(columns.schoolId, schoolId), eq(columns.published, true))),
  );
  if (!column) throw new Error('no published demo column');
  const articles = await admin<{ list: { aid: string }[] }>(
    'GET',
    `/article/list?uid=${h.school.hashUID}&page=1&num=10`,
  );
  const live = await courseByTitle(h, '信息安全公开课（直播）');
  return {
    hashUID: h.school.hashUID,
    student: { id: demo.id, cookie },
    react: { coid: react.coid, code: react.code },
    graphic: { code: (await courseByTitle(h, '高效沟通（图文）')).code },
    live: { coid: live.coid },
    column: { id: column.id, code: ctx.courseCodec.encode(column.id) },
    aid: articles.list[0].aid,
    plan: { coid: plan.coid },
    exam: { id: examId, categoryId, sittingId },
    paperId,
    cids,
  };
}
