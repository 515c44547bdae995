/**
 * Article calls (spec 3 'Article', 4 'Article: drafted, published, moved, pinned to top', 7 'Get article list'):
 * the public reads and their back office (permission userpage).
 */
import * as s from '../schemas/articles';
import { defineCall } from '../contract';

const tags = ['articles'];
const adminTags = ['articles (back office)'];
const access = { admin: 'userpage' } as const;

export const articleCalls = {
  // Public: an administrator of the school may also list drafts; the service decides from the optional viewer.
  list: defineCall({
    method: 'GET',
    path: 'article/list',
    access: 'public',
    tags,
    summary:
      'Get article list {uid, status, page, num} (spec 7): published only unless the viewer administers the ' +
      'school; pinned first, then position, then newest. Cached; 304 on If-None-Match.',
    query: s.zArticleListQuery,
    reply: s.zArticleList,
  }),
  info: defineCall({
    method: 'GET',
    path: 'article/info/:aid',
    access: 'public',
    tags,
    summary: 'An article with its content (published only, unless the viewer administers its school).',
    params: s.zArticleParams,
    reply: s.zArticle,
  }),
  adminList: defineCall({
    method: 'GET',
    path: 'article/admin/list',
    access,
    tags: adminTags,
    summary: "The school's articles of a status (or all) in the students' order (permission userpage).",
    query: s.zArticleAdminListQuery,
    reply: s.zAdminArticleList,
  }),
  create: defineCall({
    method: 'POST',
    path: 'article/new',
    access,
    tags: adminTags,
    summary: 'A draft article, first in the order; content sanitised.',
    body: s.zNewArticle,
    reply: s.zArticle,
  }),
  save: defineCall({
    method: 'POST',
    path: 'article/save',
    access,
    tags: adminTags,
    summary: 'Replaces the fields given; content sanitised.',
    body: s.zUpdateArticle,
    reply: s.zArticle,
  }),
  publish: defineCall({
    method: 'POST',
    path: 'article/publish',
    access,
    tags: adminTags,
    summary: 'status 1 publishes, 0 returns to draft.',
    body: s.zPublishArticle,
    reply: s.zArticle,
  }),
  pin: defineCall({
    method: 'POST',
    path: 'article/pin',
    access,
    tags: adminTags,
    summary: 'Pins (1) or unpins (0) an article.',
    body: s.zPinArticle,
    reply: s.zArticle,
  }),
  move: defineCall({
    method: 'POST',
    path: 'article/move',
    access,
    tags: adminTags,
    summary: 'Moves an article to a 0-based position (dense positions).',
    body: s.zMoveArticle,
    reply: s.zArticle,
  }),
  remove: defineCall({
    method: 'POST',
    path: 'article/delete',
    access,
    tags: adminTags,
    summary: "Deletes every article given, or none when one is not this school's (404).",
    body: s.zDeleteArticles,
    reply: s.zArticlesDeleted,
  }),
};
