/**
 * The school's home setting (spec 3 'Home setting'): the public user page data and its back-office editor
 * (permission userpage).
 */
import * as s from '../schemas/home-setting';
import { defineCall } from '../contract';

const tags = ['home setting'];
const access = { admin: 'userpage' } as const;

export const homeSettingCalls = {
  userPage: defineCall({
    method: 'GET',
    path: 'userpage/:uid',
    access: 'public',
    tags,
    summary:
      'Get user page data by parent id (spec 7): the home setting with defaults, title, logo, catesetting. ' +
      'Cached; answers If-None-Match with 304.',
    params: s.zUserPageParams,
    reply: s.zUserPage,
  }),
  get: defineCall({
    method: 'GET',
    path: 'setting/userpage',
    access,
    tags,
    summary: 'The home setting in the back office (permission userpage).',
    reply: s.zAdminHomeSetting,
  }),
  save: defineCall({
    method: 'POST',
    path: 'setting/userpage',
    access,
    tags,
    summary:
      'Saves the whole home setting (object or JSON text); any bad value answers 400 naming it and nothing is ' +
      'saved (permission userpage).',
    body: s.zSaveHomeSetting,
    reply: s.zAdminHomeSetting,
  }),
};
