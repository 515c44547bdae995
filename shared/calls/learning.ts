/** Learning calls: the ware of a chapter for its learning page (spec 2 learning pages, spec 3 Ware info). */
import { zWare, zWareParams } from '../schemas/learning';
import { defineCall } from '../contract';

export const learningCalls = {
  /**
   * Public: a free chapter is open to anyone who sees the course; the study rules
   * (server/modules/learning/study-access.ts) decide every other viewer.
   */
  ware: defineCall({
    method: 'GET',
    path: 'learn/ware/:coid/:cid',
    access: 'public',
    noStore: true,
    tags: ['learning'],
    summary:
      "The chapter's ware, its viewer's signed file addresses and the chapter list; refusals per study-access.ts. " +
      "Never cached: the addresses are the viewer's.",
    params: zWareParams,
    reply: zWare,
  }),
};
