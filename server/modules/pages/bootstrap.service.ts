import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LOCALE_COOKIE, PERMISSION_GROUPS } from '../../../shared/constants';
import { pickLocale } from '../../../shared/i18n';
import type { Bootstrap, PageKind } from '../../../shared/schemas/bootstrap';
import { zReturnPath } from '../../../shared/schemas/common';
import type { AppContext } from '../../context';
import { adminPath, loginState } from '../auth/auth.service';
import { adminProfile } from '../admins/admins.service';
import { accountBootstrap } from '../account/account.service';
import { readStudentSettings } from '../../../shared/schemas/students';
import { examMode } from '../exams/exam-list.service';
import type { School } from '../schools/schools.repository';

const zLoginUrl = z.string().max(2000).refine((v) => /^https?:\/\//i.test(v) || zReturnPath.safeParse(v).success);

/** The operating system named by a user agent (the bootstrap's systom, also the watch record's type). */
export function systemOf(userAgent: string): string {
  if (/android/i.test(userAgent)) return 'Android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'iOS';
  if (/windows/i.test(userAgent)) return 'Windows';
  if (/mac os/i.test(userAgent)) return 'Mac';
  if (/linux/i.test(userAgent)) return 'Linux';
  return 'Other';
}

/** Reads the shell's address parameters (spec 2: model=yks, isMiniprogram=1, loginUrl, return); bad ones are dropped. */
function addressParams(query: Record<string, unknown>) {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    model: text(query.model) === 'yks' ? 'yks' : '',
    isMiniprogram: text(query.isMiniprogram) === '1',
    loginUrl: zLoginUrl.safeParse(query.loginUrl).success ? text(query.loginUrl) : '',
    returnUrl: zReturnPath.safeParse(query.return).success ? text(query.return) : '',
  };
}

/** The page bootstrap data of spec section 3, with real values only (empty where a domain is not set up). */
export function buildBootstrap(
  ctx: AppContext,
  request: FastifyRequest,
  page: PageKind,
  school: School | undefined,
  params: Record<string, string> = {},
): Bootstrap {
  const auth = request.auth;
  const sameSchool = auth.role !== 'guest' && school && auth.schoolId === school.id;
  const state = loginState(ctx, sameSchool || !school ? auth : { ...auth, role: 'guest', schoolId: null, userId: null }, school?.id ?? '');
  const origin = `${request.protocol}://${request.host}`;
  const address = addressParams(request.query as Record<string, unknown>);
  const hashUID = school ? ctx.uidCodec.encode(school.id) : '';
  const settings = school ? (JSON.parse(school.settings) as { phone?: string }) : {};
  // Registration is one of the student settings (spec 3 'Student settings'; shared/schemas/students).
  const registerEnabled = school ? readStudentSettings(school.settings).registration : false;
  // fieldSet, studentFields, haveSetSfields (spec 3): the school's custom fields and the signed-in student's values.
  const fields = accountBootstrap(ctx, school?.id, state.role === 'student' && sameSchool ? auth.userId : null);
  const permissions = state.role === 'admin' ? adminProfile(ctx, auth.userId!).permissions : [];
  return {
    websiteURL: origin,
    fileServer: `${origin}/files/`,
    resourceServer: `${origin}/files/`,
    userData: state.userData,
    adminType: state.adminType,
    phone: settings.phone ?? '',
    parseUid: school?.id ?? '',
    yksViewServer: ctx.config.YKS_VIEW_SERVER,
    locale: pickLocale(request.cookies[LOCALE_COOKIE], ctx.config.LOCALE),
    fieldSet: fields.fieldSet,
    haveSetSfields: fields.haveSetSfields,
    studentFields: fields.studentFields,
    permissionGroups: [...PERMISSION_GROUPS],
    model: address.model,
    ver: ctx.config.VER,
    token: '',
    ssoServer: ctx.config.SSO_SERVER,
    systom: systemOf(request.headers['user-agent'] ?? ''),
    userPermissions: permissions,
    version: ctx.version,
    // Exam mode: the student has exams to sit in a category (server/modules/exams examMode).
    examModel: state.role === 'student' && sameSchool ? examMode(ctx, auth) : false,
    uid: school?.id ?? '',
    hashUID,
    signUpURL: registerEnabled && hashUID ? `/login/u/${hashUID}?register=1` : '',
    chapterInfos: [],
    haspay: false,
    // The app.course entry route's action (spec 2): 1 opens the introduce pages of a course or column.
    action: page === 'course' || page === 'column' ? 1 : null,
    isMiniprogram: address.isMiniprogram,
    coid: params.coid ?? '',
    page,
    params,
    role: state.role,
    schoolName: school?.name ?? '',
    adminPath: adminPath(ctx),
    apiPrefix: ctx.config.API_PREFIX,
    loginUrl: address.loginUrl,
    returnUrl: address.returnUrl,
    registerEnabled,
  };
}
