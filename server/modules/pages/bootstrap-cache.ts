import type { LoginState } from '../../../shared/schemas/auth';
import { readStudentSettings, type StudentField } from '../../../shared/schemas/students';
import type { AppContext, Auth } from '../../context';
import { TtlCache } from '../../lib/ttl-cache';
import { accountBootstrap } from '../account/account.service';
import { loginState } from '../auth/auth.service';
import { findSchool, resolveSchool } from '../schools/schools.service';
import type { School } from '../schools/schools.repository';

/**
 * The pieces of the page bootstrap that every page load would otherwise read again (the HTML shell is the
 * first answer of every visit): a school's row, its settings and custom fields, and a signed-in student's
 * userData and field values. Kept in memory and forgotten on any write to their rows, by whatever path
 * (server/db/changes, the same feed the session and student caches hear), so a page always shows what the
 * database holds; nothing read inside a transaction is kept, as it may still be rolled back.
 */
export interface SchoolPiece {
  school: School;
  hashUID: string;
  phone: string;
  registerEnabled: boolean;
  fieldSet: StudentField[];
  /** Issue 19: the messaging-app bind flow's name and whether students are asked to bind (student settings). */
  bind: { registerWay: string; bindWechat: boolean };
}

export interface StudentPiece {
  state: LoginState;
  studentFields: { sfid: string; value: string }[];
}

interface RenderedPage {
  school: SchoolPiece;
  student: StudentPiece | undefined;
  bytes: Buffer;
}

interface Caches {
  schools: TtlCache<string, { piece: SchoolPiece | null }>;
  /** The oldest school (the default one), forgotten with any school. */
  first: TtlCache<'first', { id: string | null }>;
  students: TtlCache<string, StudentPiece>;
  /** Rendered shell pages by their inputs; an entry holds only while its school and student pieces are current. */
  pages: TtlCache<string, RenderedPage>;
}

/** The lifetime only bounds what a write outside this process could leave stale (as for the session cache). */
const TTL_MS = 60_000;
const caches = new WeakMap<AppContext, Caches>();

function cachesOf(ctx: AppContext): Caches {
  let found = caches.get(ctx);
  if (!found) {
    const created: Caches = {
      schools: new TtlCache(TTL_MS, 10_000, Date.now),
      first: new TtlCache(TTL_MS, 1, Date.now),
      students: new TtlCache(TTL_MS, 20_000, Date.now),
      // About 2 KB a page: a few megabytes at most, whatever the addresses asked for.
      pages: new TtlCache(TTL_MS, 2_000, Date.now),
    };
    ctx.changes.on(['schools', 'student_fields'], (schoolId) => {
      created.schools.delete(schoolId);
      created.first.delete('first');
    });
    ctx.changes.on(['students', 'student_group_members', 'student_field_values'], (studentId) =>
      created.students.delete(studentId),
    );
    caches.set(ctx, (found = created));
  }
  return found;
}

function bindSettings(settings: string): SchoolPiece['bind'] {
  const { registerWay, bindWechat } = readStudentSettings(settings);
  return { registerWay, bindWechat };
}

async function loadSchool(ctx: AppContext, school: School): Promise<SchoolPiece> {
  let phone = '';
  try {
    phone = String((JSON.parse(school.settings) as { phone?: unknown }).phone ?? '');
  } catch {
    // Settings that do not parse show no phone, as before.
  }
  return {
    school,
    hashUID: ctx.uidCodec.encode(school.id),
    phone,
    // Registration is one of the student settings (spec 3 'Student settings'; shared/schemas/students).
    registerEnabled: readStudentSettings(school.settings).registration,
    fieldSet: (await accountBootstrap(ctx, school.id, null)).fieldSet,
    bind: bindSettings(school.settings),
  };
}

/** The school's bootstrap piece by id (undefined for an unknown school). */
export async function schoolPiece(ctx: AppContext, schoolId: string): Promise<SchoolPiece | undefined> {
  const load = async () => {
    const school = await findSchool(ctx, schoolId);
    return { piece: school ? await loadSchool(ctx, school) : null };
  };
  const found = ctx.changes.inTransaction ? await load() : (await cachesOf(ctx).schools.getOrLoad(schoolId, load))!;
  return found.piece ?? undefined;
}

/** The school a page names by its code (hashed or plain id), or the first school without one (resolveSchool). */
export async function pageSchool(ctx: AppContext, code: string | null): Promise<SchoolPiece | undefined> {
  if (code) {
    const id = ctx.uidCodec.decode(code) ?? (/^\d{1,20}$/.test(code) ? code : null);
    return id ? await schoolPiece(ctx, id) : undefined;
  }
  const load = async () => ({ id: (await resolveSchool(ctx, null))?.id ?? null });
  const first = ctx.changes.inTransaction ? await load() : (await cachesOf(ctx).first.getOrLoad('first', load))!;
  return first.id ? await schoolPiece(ctx, first.id) : undefined;
}

/** A signed-in student's userData and field values (loginState, accountBootstrap), read once and kept. */
export async function studentPiece(
  ctx: AppContext,
  auth: Auth & { userId: string },
  schoolId: string,
): Promise<StudentPiece> {
  const load = async (): Promise<StudentPiece> => ({
    state: await loginState(ctx, auth, schoolId),
    studentFields: (await accountBootstrap(ctx, schoolId, auth.userId)).studentFields,
  });
  if (ctx.changes.inTransaction) return await load();
  return (await cachesOf(ctx).students.getOrLoad(auth.userId, load))!;
}

/**
 * A rendered shell page by the key of its inputs, made again when the school's or the student's piece it was
 * made from has been forgotten since (a write to their rows) or the page has aged out.
 */
export function renderedPage(
  ctx: AppContext,
  key: string,
  school: SchoolPiece,
  student: StudentPiece | undefined,
  make: () => Buffer,
): Buffer {
  if (ctx.changes.inTransaction) return make();
  const pages = cachesOf(ctx).pages;
  const hit = pages.get(key);
  if (hit && hit.school === school && hit.student === student) return hit.bytes;
  return pages.set(key, { school, student, bytes: make() }).bytes;
}
