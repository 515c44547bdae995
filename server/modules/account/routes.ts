import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { SESSION_COOKIE } from '../../../shared/constants';
import { ok } from '../../../shared/envelope';
import * as s from '../../../shared/schemas/account';
import { zLoginResult } from '../../../shared/schemas/auth';
import { zOkReply } from '../../../shared/schemas/common';
import { ensureDataFolders } from '../../lib/storage';
import { sessionCookieOptions } from '../../plugins/auth';
import * as account from './account.service';
import { receiveAvatar } from './avatar.service';
import { register } from './register.service';

const WHO = '401 guest; 403 administrator (the student\'s own pages).';

/** The student's own account: information, custom fields, password, avatar, registration. */
export const accountRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const tags = ['student account'];
  ensureDataFolders(ctx.config.dataDir);
  await app.register(app.multipartParsing);

  app.get(
    '/stu/setting',
    {
      schema: {
        tags,
        summary: "Get student setting (spec 7: setting {changePass, needPassword}, wechatBind, path, noAllowComment) from the school's student settings; canChangePassword says whether the dialog is offered (spec 5). " + WHO,
        response: { 200: zOkReply(s.zStudentSettingReply) },
      },
    },
    async (request) => ok(account.studentSetting(ctx, request.auth)),
  );

  app.get(
    '/stu/info',
    {
      schema: {
        tags,
        summary: "The student's own profile (user name, name, email, phone, avatar, groups, source) with the school's custom fields (get user field setting: fieldSet) and the values. " + WHO,
        response: { 200: zOkReply(s.zAccountInfo) },
      },
    },
    async (request) => ok(account.accountInfo(ctx, request.auth)),
  );

  app.post(
    '/stu/info',
    {
      schema: {
        tags,
        summary:
          "Save student info (spec 7: infoStr, a JSON list of {sfid, value}) with optional name, email, phone, in one transaction. 400 'unknown field' (data {sfid}), " +
          "400 'field value not accepted' (data {sfid, name, problem}: required, tooLong, notNumber, notDate, notChoice; a required field must have a value after the save). " +
          'A directory account keeps its name, email and phone (the directory owns them). ' + WHO,
        body: s.zSaveInfo,
        response: { 200: zOkReply(s.zAccountInfo) },
      },
    },
    async (request) => ok(account.saveInfo(ctx, request.auth, request.body)),
  );

  app.post(
    '/stu/password',
    {
      schema: {
        tags,
        summary:
          "Update student password {oldpwd, newpwd} (spec 5, 7). 403 'password change is turned off' unless changePass is false and needPassword true; " +
          "403 for a directory account; 400 'password must not be empty'; 400 'new password length' (6 to 128); 400 'old password is wrong' (counted by the login throttle, 429 when locked). " +
          "Ends the student's other sessions. " + WHO,
        body: s.zChangePassword,
        response: { 200: zOkReply(z.object({ changed: z.literal(true) })) },
      },
    },
    async (request) => ok(await account.changePassword(ctx, request.auth, request.body, request.ip)),
  );

  app.post(
    '/stu/avatar',
    {
      schema: {
        tags,
        summary:
          "Avatar upload (spec 5, 7): multipart, file field 'file-select' (or 'file'), a .jpeg/.jpg/.png whose bytes are a JPEG or PNG, at most 2097152 bytes. " +
          "Stored re-encoded as a 256x256 JPEG public file; answers its URL; the previous avatar file is removed. 400 'no file'; 413 'avatar too large'; 415 'avatar type not allowed'. " + WHO,
        consumes: ['multipart/form-data'],
        response: { 200: zOkReply(s.zAvatarReply) },
      },
    },
    async (request) => ok(await receiveAvatar(ctx, request)),
  );

  app.post(
    '/do/register',
    {
      schema: {
        tags,
        summary:
          "A visitor signs up {school (hashUID), username, name, password, infoStr?, returnUrl?} when the school's registration is on, and is signed in (y_main cookie; the do/login reply). " +
          "404 unknown school; 403 'registration is turned off'; 409 user name taken; 400 field values as stu/info; 403 seats full or licence expired; 429 throttled by address.",
        body: s.zRegister,
        response: { 200: zOkReply(zLoginResult) },
      },
    },
    async (request, reply) => {
      const { token, result } = await register(ctx, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });
      reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(ctx.config.COOKIE_SECURE));
      return ok(result);
    },
  );
};
