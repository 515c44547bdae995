import { zNewArticle } from '../../shared/schemas/articles';
import { zNewColumn, zNewColumnCate } from '../../shared/schemas/columns';
import { zNewTag } from '../../shared/schemas/tags';
import { formatDate } from '../../shared/rules/dates';
import type { AppContext } from '../context';
import * as articles from '../modules/articles/articles.service';
import { addColumnCate } from '../modules/columns/column-cates.service';
import * as columns from '../modules/columns/columns.service';
import { coursesByCategory } from '../modules/courses/catalogue.service';
import * as tags from '../modules/tags/tags.service';
import { loadDemoHomeSetting } from './home-setting';
import { mapAsync } from '../lib/sequential';

/**
 * The demo school's columns, tags, articles and home setting, so a visitor of a development start sees
 * every home-page section filled. Everything goes through the back-office services (with their zod
 * schemas), so it obeys the same rules as an administrator's calls: descriptions and article content are
 * sanitised, validity is checked, course ids must be the school's.
 */

interface DemoColumn {
  title: string;
  cate: number;
  description: string;
  courses: string[];
  actual?: number;
  price?: number;
  /** Days from now to the end of a fixed validity window (ce_type 2). */
  windowDays?: number;
  pinned?: boolean;
}

const COLUMN_CATES = ['技术专栏', '职场成长'];

const COLUMNS: DemoColumn[] = [
  {
    title: '全栈开发进阶专栏',
    cate: 0,
    description: '<p>从 React 组件到 Vue 3 组合式 API，再到 Node.js 服务端，一站式掌握全栈开发。</p>',
    courses: ['React 入门实战', 'Vue 3 进阶', 'Node.js 服务端开发'],
    actual: 249,
    price: 398,
    pinned: true,
  },
  {
    title: '职场新人必修',
    cate: 1,
    description: '<h3>适合谁</h3><p>刚入职的同事：礼仪、沟通与办公软件，三门课一次学完。</p>',
    courses: ['职场礼仪', '高效沟通（图文）', 'Excel 数据分析'],
  },
  {
    title: '办公技能特训营',
    cate: 1,
    description: '<p>限时开放的 Excel 与沟通特训，有效期至活动结束。</p>',
    courses: ['Excel 数据分析', '高效沟通（图文）'],
    actual: 49,
    price: 49,
    windowDays: 365,
  },
];

const TAGS: { name: string; courses: string[] }[] = [
  { name: '热门推荐', courses: ['React 入门实战', 'Excel 数据分析', 'Vue 3 进阶', '高效沟通（图文）'] },
  { name: '技术进阶', courses: ['Vue 3 进阶', 'Node.js 服务端开发', 'React 入门实战'] },
  { name: '入职必修', courses: ['研发规范与流程', '职场礼仪', '信息安全公开课（直播）'] },
];

interface DemoArticle {
  title: string;
  content: string;
  published: boolean;
  pinned?: boolean;
}

/** In the order students see them (the service puts each new article first, so they are created in reverse). */
const ARTICLES: DemoArticle[] = [
  {
    title: '平台使用指南',
    published: true,
    pinned: true,
    content:
      '<h3>欢迎来到蓝学</h3><p>这里汇集了学校的全部在线课程、专栏与资讯。</p>' +
      '<h4>三步开始学习</h4><ol><li>登录账号（演示学员：student / student123）。</li><li>在首页或课程列表中挑选课程。</li><li>进入课程，按章节学习，随时从上次的位置继续。</li></ol>' +
      '<h4>遇到问题？</h4><p>请联系页面底部的客服电话，工作日 9:00 - 18:00 在线。</p>',
  },
  {
    title: '2025 年度培训计划发布',
    published: true,
    content:
      '<h3>年度重点</h3><p>今年的培训围绕<strong>技术能力</strong>与<strong>职场素养</strong>两条主线展开。</p>' +
      '<ul><li>技术专栏：全栈开发进阶</li><li>职场成长：新人必修、办公技能特训</li><li>每月一次信息安全直播课</li></ul>' +
      '<h4>如何参加</h4><p>订阅对应专栏即可获得其中全部课程。</p>',
  },
  {
    title: '新课上线：Vue 3 进阶',
    published: true,
    content:
      '<h3>课程简介</h3><p>深入组合式 API 与性能优化，适合已掌握 Vue 基础的同学。</p><ul><li>响应式原理</li><li>组件设计</li><li>性能调优</li></ul>',
  },
  {
    title: '下季度课程预告（草稿）',
    published: false,
    content: '<h3>筹备中</h3><p>产品经理训练营正在录制，敬请期待。</p>',
  },
];

/** The school's published courses by title (a demo title missing here is a mistake in the demo lists). */
async function courseIds(ctx: AppContext, schoolId: string): Promise<(title: string) => string> {
  const byTitle = new Map(
    (await coursesByCategory(ctx, schoolId, { catid: '0', keyword: '', sort: 'def', asc: false })).map((card) => [
      card.title,
      card.coid,
    ]),
  );
  return (title) => {
    const id = byTitle.get(title);
    if (!id) throw new Error(`demo course missing: ${title}`);
    return id;
  };
}

async function loadDemoColumns(ctx: AppContext, schoolId: string, course: (title: string) => string): Promise<void> {
  const cateIds = await mapAsync(
    COLUMN_CATES,
    async (title) => (await addColumnCate(ctx, schoolId, zNewColumnCate.parse({ title }).title)).catid,
  );
  const day = 86_400_000;
  for (const column of COLUMNS) {
    const input = zNewColumn.parse({
      title: column.title,
      catid: cateIds[column.cate],
      description: column.description,
      actual: column.actual ?? 0,
      price: column.price ?? 0,
      ce_type: column.windowDays ? 2 : 0,
      ce_time: column.windowDays ? formatDate(ctx.now() + column.windowDays * day, 'yyyy-MM-dd') : '',
    });
    const { coid } = await columns.createColumn(ctx, schoolId, input);
    await columns.setColumnCourses(ctx, schoolId, coid, column.courses.map(course));
    await columns.publishColumn(ctx, schoolId, coid, 1);
    if (column.pinned) await columns.topColumn(ctx, schoolId, coid, 1);
  }
}

async function loadDemoTags(ctx: AppContext, schoolId: string, course: (title: string) => string): Promise<void> {
  for (const tag of TAGS) {
    const { id } = await tags.addTag(ctx, schoolId, zNewTag.parse({ name: tag.name }).name);
    await tags.setTagCourses(ctx, schoolId, id, tag.courses.map(course));
  }
}

async function loadDemoArticles(ctx: AppContext, schoolId: string): Promise<void> {
  for (const article of [...ARTICLES].reverse()) {
    const { aid } = await articles.createArticle(
      ctx,
      schoolId,
      zNewArticle.parse({ title: article.title, content: article.content }),
    );
    if (article.published) await articles.publishArticle(ctx, schoolId, aid, 1);
    if (article.pinned) await articles.pinArticle(ctx, schoolId, aid, 1);
  }
}

/** Adds the demo columns, tags, articles and home setting to a school that has the demo catalogue. */
export async function loadDemoExtras(ctx: AppContext, schoolId: string): Promise<void> {
  const course = await courseIds(ctx, schoolId);
  await loadDemoColumns(ctx, schoolId, course);
  await loadDemoTags(ctx, schoolId, course);
  await loadDemoArticles(ctx, schoolId);
  await loadDemoHomeSetting(ctx, schoolId, course);
}
