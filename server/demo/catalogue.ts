import { CHAPTER_TYPE, type ChapterType } from '../../shared/schemas/chapters';
import { zCourseSettings } from '../../shared/schemas/courses';
import { COURSE_TYPE } from '../../shared/rules/course-buttons';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { insertCategory } from '../modules/categories/categories.repository';
import { renumberCategories } from '../modules/categories/categories.service';
import { insertChapters, type NewChapterRow } from '../modules/chapters/chapters.repository';
import { creditTenths } from '../../shared/rules/study-credits';
import { insertCourse } from '../modules/courses/courses.repository';
import { normaliseSettings } from '../modules/courses/courses.presenter';
import { eachAsync } from '../lib/sequential';

/** The demo category tree: three levels. */
const TREE: { title: string; children?: { title: string; children?: string[] }[] }[] = [
  {
    title: '编程开发',
    children: [
      { title: '前端开发', children: ['React', 'Vue'] },
      { title: '后端开发', children: ['Node.js'] },
    ],
  },
  { title: '职场技能', children: [{ title: '办公软件', children: ['Excel'] }, { title: '沟通表达' }] },
  { title: '企业培训', children: [{ title: '新员工入职' }, { title: '安全合规' }] },
];

type DemoChapter = {
  title: string;
  type: ChapterType;
  free?: boolean;
  children?: { title: string; type: ChapterType; free?: boolean }[];
};

/** A chapter of each kind (video, audio, document, office, slides, image-text, exercise, exam). */
const EVERY_KIND: DemoChapter[] = [
  {
    title: '第一章 课程导学',
    type: CHAPTER_TYPE.heading,
    children: [
      { title: '1.1 课程介绍（视频）', type: CHAPTER_TYPE.video, free: true },
      { title: '1.2 讲师寄语（音频）', type: CHAPTER_TYPE.audio, free: true },
      { title: '1.3 学习指南（PDF）', type: CHAPTER_TYPE.document },
    ],
  },
  {
    title: '第二章 核心内容',
    type: CHAPTER_TYPE.heading,
    children: [
      { title: '2.1 案例数据（Office 文档）', type: CHAPTER_TYPE.office },
      { title: '2.2 课堂讲义（幻灯片）', type: CHAPTER_TYPE.ppt },
      { title: '2.3 图文精讲', type: CHAPTER_TYPE.imageText },
    ],
  },
  {
    title: '第三章 练习与考试',
    type: CHAPTER_TYPE.heading,
    children: [
      { title: '3.1 课后练习', type: CHAPTER_TYPE.exercise },
      { title: '3.2 结业考试', type: CHAPTER_TYPE.exam },
    ],
  },
];

const videoChapters = (topic: string): DemoChapter[] => [
  { title: `${topic}：开篇`, type: CHAPTER_TYPE.video, free: true },
  {
    title: `${topic}：基础`,
    type: CHAPTER_TYPE.heading,
    children: [
      { title: '概念讲解', type: CHAPTER_TYPE.video },
      { title: '配套讲义', type: CHAPTER_TYPE.document },
    ],
  },
  { title: `${topic}：练习`, type: CHAPTER_TYPE.exercise },
];

interface DemoCourse {
  title: string;
  category: string;
  type?: number;
  actual?: number;
  price?: number;
  lcount: number;
  count: number;
  group?: boolean;
  published?: boolean;
  /** Students sign when they finish (course setting signature). */
  signature?: boolean;
  /** Study credits earned on completing it (shared/rules/study-credits). */
  credit?: number;
  description: string;
  chapters: DemoChapter[];
}

const COURSES: DemoCourse[] = [
  {
    title: 'React 入门实战',
    category: 'React',
    credit: 3,
    lcount: 128,
    count: 960,
    description: '<p>从零开始学习 React 组件、状态与路由。</p>',
    chapters: EVERY_KIND,
  },
  {
    title: 'Vue 3 进阶',
    category: 'Vue',
    actual: 199,
    price: 299,
    lcount: 56,
    count: 610,
    description: '<p>组合式 API 与性能优化。</p>',
    chapters: videoChapters('Vue 3'),
  },
  {
    title: 'Node.js 服务端开发',
    category: 'Node.js',
    actual: 99,
    price: 99,
    lcount: 73,
    count: 420,
    description: '<p>用 Fastify 与 SQLite 搭建服务。</p>',
    chapters: videoChapters('Node.js'),
  },
  {
    title: 'Excel 数据分析',
    category: 'Excel',
    lcount: 210,
    count: 1200,
    description: '<p>透视表、函数与图表。</p>',
    chapters: EVERY_KIND,
  },
  {
    title: '高效沟通（图文）',
    category: '沟通表达',
    type: COURSE_TYPE.graphicOrColumn,
    lcount: 40,
    count: 300,
    description: '<h3>倾听</h3><p>先听后说。</p><h3>表达</h3><p>结论先行。</p>',
    chapters: [{ title: '正文', type: CHAPTER_TYPE.imageText, free: true }],
  },
  {
    title: '研发规范与流程',
    category: '新员工入职',
    group: true,
    lcount: 18,
    count: 150,
    description: '<p>仅面向研发部的入职课程。</p>',
    chapters: videoChapters('研发规范'),
  },
  {
    title: '信息安全公开课（直播）',
    category: '安全合规',
    type: COURSE_TYPE.live,
    lcount: 90,
    count: 500,
    description: '<p>每月一次的安全直播课。</p>',
    chapters: [{ title: '直播回放', type: CHAPTER_TYPE.video }],
  },
  {
    title: '职场礼仪',
    category: '沟通表达',
    signature: true,
    credit: 1.5,
    lcount: 35,
    count: 260,
    description: '<p>着装、会议与邮件礼仪。</p>',
    chapters: videoChapters('职场礼仪'),
  },
  {
    title: '产品经理训练营（草稿）',
    category: '职场技能',
    actual: 499,
    price: 699,
    lcount: 0,
    count: 0,
    published: false,
    description: '<p>尚未发布。</p>',
    chapters: videoChapters('产品'),
  },
];

/**
 * Adds the demo tree and courses with chapters of every kind (their media come after: server/demo/media.ts).
 * Answers the course ids by title.
 */
export async function loadDemoCatalogue(
  ctx: AppContext,
  db: Db,
  schoolId: string,
  groupId: string,
): Promise<Map<string, string>> {
  const now = ctx.now();
  const categoryIds = new Map<string, string>();
  const addCategory = async (title: string, parentId: string, position: number) => {
    const id = ctx.ids.next();
    categoryIds.set(title, id);
    await insertCategory(db, { id, schoolId, kind: 'course', parentId, title, position, createdAt: now });
    return id;
  };
  await eachAsync(TREE, async (first, i) => {
    const firstId = await addCategory(first.title, '0', i);
    await eachAsync(first.children ?? [], async (second, j) => {
      const secondId = await addCategory(second.title, firstId, j);
      await eachAsync(second.children ?? [], async (third, k) => await addCategory(third, secondId, k));
    });
  });
  await renumberCategories(db, schoolId, 'course');

  const settingsOf = (course: DemoCourse) =>
    JSON.stringify(normaliseSettings(zCourseSettings.parse(course.signature ? { signature: 1 } : {})));
  const ids = new Map<string, string>();
  await eachAsync(COURSES, async (course, index) => {
    const id = ctx.ids.next();
    ids.set(course.title, id);
    const createdAt = now - (COURSES.length - index) * 86_400_000;
    await insertCourse(db, {
      id,
      schoolId,
      catid: categoryIds.get(course.category) ?? '0',
      title: course.title,
      description: course.description,
      keywords: course.category,
      type: course.type ?? 0,
      actualFen: Math.round((course.actual ?? 0) * 100),
      priceFen: Math.round((course.price ?? 0) * 100),
      authenticationGid: course.group ? groupId : '',
      lcount: course.lcount,
      count: course.count,
      settings: settingsOf(course),
      creditTenths: creditTenths(course.credit ?? 0),
      published: course.published ?? true,
      createdAt,
      updatedAt: createdAt,
    });
    const rows: NewChapterRow[] = [];
    course.chapters.forEach((chapter, position) => {
      const chapterId = ctx.ids.next();
      rows.push({
        id: chapterId,
        courseId: id,
        parentId: '0',
        position,
        title: chapter.title,
        type: chapter.type,
        free: !!chapter.free,
        createdAt,
      });
      chapter.children?.forEach((sub, subPosition) =>
        rows.push({
          id: ctx.ids.next(),
          courseId: id,
          parentId: chapterId,
          position: subPosition,
          title: sub.title,
          type: sub.type,
          free: !!sub.free,
          createdAt,
        }),
      );
    });
    await insertChapters(db, rows);
  });
  return ids;
}
