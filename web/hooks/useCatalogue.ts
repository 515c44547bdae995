/**
 * SWR hooks of the catalogue domain: one key per call and arguments, so pages that ask for the same
 * data (the home setting from the footer, the nav and the home page) share one request.
 */
import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import { request } from '../api/client';
import { unwrap } from './fetcher';
import { articleCalls } from '../../shared/calls/articles';
import { categoryCalls } from '../../shared/calls/categories';
import { chapterCalls } from '../../shared/calls/chapters';
import { columnCalls } from '../../shared/calls/columns';
import { courseCalls } from '../../shared/calls/courses';
import { homeSettingCalls } from '../../shared/calls/home-setting';
import type { CategoryNode } from '../../shared/schemas/categories';
import { tagCalls } from '../../shared/calls/tags';
import { useCall } from './useCall';

const OPTIONS: SWRConfiguration = { revalidateOnFocus: false, shouldRetryOnError: false, keepPreviousData: false };

/** The school's user page (home setting with defaults, title, logo, catesetting). */
export const useUserPage = (uid: string | null) =>
  useCall(homeSettingCalls.userPage, uid === null ? null : { params: { uid: uid || '0' } }, OPTIONS);

/** The school's three-level category tree. */
export const useCategoryTree = (uid: string) =>
  // The third level's children are always empty (zCatelist), so every level is a CategoryNode.
  useCall(categoryCalls.catelist, { query: { uid: uid || undefined } }, OPTIONS) as SWRResponse<{
    cates: CategoryNode[];
  }>;

/** The listed courses of a category subtree ('0' = all), first page of num, in the server's default order. */
export const useCoursesByCategory = (uid: string, catid: string | null, num: number) =>
  useSWR(
    catid === null ? null : ['course/bycate', uid, catid, num],
    ([, id, cat, n]) => unwrap(request(courseCalls.byCategory, { body: { uid: id, catid: cat, num: n } })),
    OPTIONS,
  );

/** Keyword search results (none asked for while the keyword is empty). */
export const useCourseSearch = (uid: string, keyword: string) =>
  useSWR(
    keyword ? ['course/search', uid, keyword] : null,
    ([, id, key]) => unwrap(request(courseCalls.search, { body: { uid: id, keyword: key } })),
    OPTIONS,
  );

/** The school's hot courses (up to 8). */
export const useHotCourses = (uid: string | null) =>
  useCall(courseCalls.hot, uid ? { params: { id: uid } } : null, OPTIONS);

/** course/info for the viewer (never shared across sign-ins: the page reloads on login). */
export const useCourseInfo = (id: string) => useCall(courseCalls.info, id ? { params: { id } } : null, OPTIONS);

/** course/graphic: the whole text of a graphic course, fetched only when the viewer may read it (enabled). */
export const useGraphicText = (id: string, enabled: boolean) =>
  useCall(courseCalls.graphic, id && enabled ? { params: { id } } : null, OPTIONS);

export const useChapters = (id: string | null) => useCall(chapterCalls.list, id ? { params: { id } } : null, OPTIONS);

export const useTags = (uid: string) => useCall(tagCalls.sections, { params: { uid: uid || '0' } }, OPTIONS);

/** Published articles, pinned first. */
export const useArticles = (uid: string, page: number, num: number) =>
  useCall(articleCalls.list, { query: { uid: uid || undefined, status: 1, page, num } }, OPTIONS);

export const useArticle = (aid: string) => useCall(articleCalls.info, aid ? { params: { aid } } : null, OPTIONS);

export const useColumnCates = (uid: string) =>
  useCall(columnCalls.cates, { query: { uid: uid || undefined } }, OPTIONS);

export const useColumns = (uid: string, cates: string | null, pageSize: number) =>
  useSWR(
    cates === null ? null : ['column/list', uid, cates, pageSize],
    ([, id, cat, size]) =>
      unwrap(request(columnCalls.list, { body: { uid: id || undefined, cates: cat, pageNum: 1, pageSize: size } })),
    OPTIONS,
  );

export const useColumnInfo = (id: string) => useCall(columnCalls.info, id ? { params: { id } } : null, OPTIONS);

export const useColumnCollectStatus = (coid: string | null) =>
  useCall(columnCalls.collectStatus, coid ? { query: { coid } } : null, OPTIONS);
