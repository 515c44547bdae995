import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { LOCALE_COOKIE, PERMISSION_GROUPS, type Locale } from '../../../shared/constants';
import { pickLocale } from '../../../shared/i18n';
import type { Bootstrap, PageKind } from '../../../shared/schemas/bootstrap';
import { zReturnPath } from '../../../shared/schemas/common';
import type { LoginState } from '../../../shared/schemas/auth';
import type { AppContext, Auth } from '../../context';
import { adminPath, GUEST, loginState } from '../auth/auth.service';
import { adminProfile } from '../admins/admins.service';
import { requiredFieldsSet } from '../account/account.service';
import { examMode } from '../exams/exam-list.service';
import { ssoServerOf } from '../oidc/oidc-settings.service';
import { renderedPage, schoolPiece, studentPiece, type SchoolPiece, type StudentPiece } from './bootstrap-cache';

const zLoginUrl = z
  .string()
  .max(2000)
  .refine((v) => /^https?:\/\//i.test(v) || zReturnPath.safeParse(v).success);

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
    // Only given values are checked: most pages have none, and a refused parse costs more than the rest of the page.
    loginUrl: query.loginUrl !== undefined && zLoginUrl.safeParse(query.loginUrl).success ? text(query.loginUrl) : '',
    returnUrl: query.return !== undefined && zReturnPath.safeParse(query.return).success ? text(query.return) : '',
  };
}

/** What a page's bootstrap takes from its request: the page, its address, the language and the reader's system. */
interface PageRequest extends Awaited<ReturnType<typeof addressParams>> {
  page: PageKind;
  params: Record<string, string>;
  origin: string;
  locale: Locale;
  systom: string;
  /** Issue 19: read in a messaging-app browser (spec 1; its user agent names MicroMessenger). */
  inMessagingApp: boolean;
}

function pageRequest(
  ctx: AppContext,
  request: FastifyRequest,
  page: PageKind,
  params: Record<string, string>,
): PageRequest {
  return {
    page,
    params,
    origin: `${request.protocol}://${request.host}`,
    locale: pickLocale(request.cookies[LOCALE_COOKIE], ctx.config.LOCALE),
    systom: systemOf(request.headers['user-agent'] ?? ''),
    inMessagingApp: /MicroMessenger/i.test(request.headers['user-agent'] ?? ''),
    ...addressParams(request.query as Record<string, unknown>),
  };
}

/** Who reads the page, as the bootstrap shows them. */
interface Reader {
  state: LoginState;
  /** A signed-in student of this school whose row exists (their field values; the key of their cached pages). */
  student: StudentPiece | undefined;
  permissions: string[];
  examModel: boolean;
}

async function readerOf(ctx: AppContext, auth: Auth, piece: SchoolPiece | undefined): Promise<Reader> {
  const sameSchool = auth.role !== 'guest' && piece !== undefined && auth.schoolId === piece.school.id;
  const schoolId = piece?.school.id ?? '';
  const cached = auth.role === 'student' && sameSchool ? await studentPiece(ctx, auth, schoolId) : undefined;
  const viewer = sameSchool || !piece ? auth : GUEST;
  // loginState falls back to a guest when the account's row is gone.
  const state = cached?.state ?? (await loginState(ctx, viewer, schoolId));
  const student = state.role === 'student' ? cached : undefined;
  return {
    state,
    student,
    permissions: state.role === 'admin' ? (await adminProfile(ctx, auth.userId!)).permissions : [],
    // Exam mode: the student has exams to sit in a category (server/modules/exams examMode).
    examModel: state.role === 'student' && sameSchool ? await examMode(ctx, auth) : false,
  };
}

/** The page bootstrap data of spec section 3, with real values only (empty where a domain is not set up). */
function assemble(ctx: AppContext, input: PageRequest, piece: SchoolPiece | undefined, reader: Reader): Bootstrap {
  const { state, student } = reader;
  const schoolId = piece?.school.id ?? '';
  const hashUID = piece?.hashUID ?? '';
  const registerEnabled = piece?.registerEnabled ?? false;
  // fieldSet, studentFields, haveSetSfields (spec 3): the school's custom fields and the signed-in student's values.
  const fieldSet = piece?.fieldSet ?? [];
  const studentFields = student?.studentFields ?? [];
  const { origin, page, params } = input;
  return {
    websiteURL: origin,
    fileServer: `${origin}/files/`,
    resourceServer: `${origin}/files/`,
    userData: state.userData,
    adminType: state.adminType,
    phone: piece?.phone ?? '',
    parseUid: schoolId,
    yksViewServer: ctx.config.YKS_VIEW_SERVER,
    locale: input.locale,
    fieldSet,
    haveSetSfields: student ? requiredFieldsSet(fieldSet, studentFields) : true,
    studentFields,
    permissionGroups: [...PERMISSION_GROUPS],
    model: input.model,
    ver: ctx.config.VER,
    token: '',
    // Issue 19: the school's single sign-on start on this site when it has one.
    ssoServer: (piece && ssoServerOf(piece.school.settings, piece.hashUID)) || ctx.config.SSO_SERVER,
    systom: input.systom,
    userPermissions: reader.permissions,
    version: ctx.version,
    examModel: reader.examModel,
    uid: schoolId,
    hashUID,
    signUpURL: registerEnabled && hashUID ? `/login/u/${hashUID}?register=1` : '',
    chapterInfos: [],
    haspay: false,
    // The app.course entry route's action (spec 2): 1 opens the introduce pages of a course or column.
    action: page === 'course' || page === 'column' ? 1 : null,
    isMiniprogram: input.isMiniprogram,
    coid: params.coid ?? '',
    page,
    params,
    role: state.role,
    schoolName: piece?.school.name ?? '',
    adminPath: adminPath(ctx),
    apiPrefix: ctx.config.API_PREFIX,
    loginUrl: input.loginUrl,
    returnUrl: input.returnUrl,
    registerEnabled,
    // Issue 19: session pageSetting registerWay (spec 3) and the bind overlay's switch (student settings).
    registerWay: piece?.bind.registerWay ?? '',
    bindWechat: piece?.bind.bindWechat ?? false,
    inMessagingApp: input.inMessagingApp,
  };
}

/**
 * The page bootstrap data of spec section 3 for this request. The school's and the signed-in student's rows
 * come from bootstrap-cache (kept until they are written).
 */
export async function buildBootstrap(
  ctx: AppContext,
  request: FastifyRequest,
  page: PageKind,
  school: { id: string } | undefined,
  params: Record<string, string> = {},
): Promise<Bootstrap> {
  const piece = school ? await schoolPiece(ctx, school.id) : undefined;
  return assemble(ctx, pageRequest(ctx, request, page, params), piece, await readerOf(ctx, request.auth, piece));
}

/**
 * The shell page of a school for this request, as bytes. A guest's or a student's page is made once for the same
 * inputs (every value the bootstrap takes from the request, the reader and their exam mode) and the same school
 * and student rows (bootstrap-cache renderedPage); an administrator's is made every time (permissions).
 */
export async function shellPage(
  ctx: AppContext,
  request: FastifyRequest,
  page: PageKind,
  school: { id: string },
  params: Record<string, string>,
  render: (bootstrap: Bootstrap) => Buffer,
): Promise<Buffer> {
  const piece = await schoolPiece(ctx, school.id);
  const input = pageRequest(ctx, request, page, params);
  const reader = await readerOf(ctx, request.auth, piece);
  const make = () => render(assemble(ctx, input, piece, reader));
  if (!piece || reader.state.role === 'admin' || (reader.state.role === 'student' && !reader.student)) return make();
  const who = reader.student ? `${reader.student.state.userData.sid}:${reader.examModel}` : 'guest';
  const key = JSON.stringify([
    who,
    input.page,
    input.params,
    input.origin,
    input.locale,
    input.systom,
    input.model,
    input.isMiniprogram,
    input.inMessagingApp,
    input.loginUrl,
    input.returnUrl,
  ]);
  return renderedPage(ctx, key, piece, reader.student, make);
}
