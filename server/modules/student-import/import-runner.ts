/**
 * The import's background run (all-or-nothing or per-row as the
 * administrator chooses, never a half-applied row; spec 7 getImport "reports progress and the result").
 *
 * The run happens in this process after student/import has answered: passwords are hashed first (outside any
 * transaction), then rows are written in chunks, yielding to the event loop between chunks (setImmediate) so
 * the server keeps answering; the student_imports record carries the progress, then the counts and report.
 */
import {
  STUDENT_IMPORT_ERRORS,
  STUDENT_IMPORT_REPORT_MAX,
  type ImportOptions,
  type ImportProblem,
} from '../../../shared/schemas/student-import';
import type { AppContext } from '../../context';
import { type Db, driverError } from '../../db/client';
import { AppError } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { assertSeats, seatState } from '../licence/seats';
import { endUserSessions } from '../auth/sessions.repository';
import {
  insertStudents,
  replaceGroups,
  setFieldValues,
  updateStudent,
  type NewStudent,
  type StudentPatch,
} from '../students/student-writes';
import type { CheckedFile, GoodRow } from './import-rows';
import * as repo from './student-import.repository';

/** Rows written per transaction in 'rows' mode (a chunk fails whole, then its rows are tried one by one). */
const CHUNK = 250;
/** Passwords hashed at once (argon2 runs on libuv's thread pool). */
const HASH_PARALLEL = 4;

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Counts {
  processed: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
}

/** The problems kept in the record (capped; the counts stay complete). */
class Report {
  readonly items: ImportProblem[] = [];
  add(...problems: ImportProblem[]) {
    for (const problem of problems) if (this.items.length < STUDENT_IMPORT_REPORT_MAX) this.items.push(problem);
  }
  json() {
    return JSON.stringify(this.items);
  }
}

/**
 * Hashes each DISTINCT password once and reuses the hash for every row sharing it: argon2 costs ~25 ms a
 * password, so 10,000 rows with one initial password hashed row by row would take minutes; hashed once, it
 * takes 25 ms. Done before the write transactions, which must stay synchronous and short.
 */
async function hashDistinct(passwords: Iterable<string>): Promise<Map<string, string>> {
  const distinct = [...new Set(passwords)];
  const hashes = new Map<string, string>();
  for (let i = 0; i < distinct.length; i += HASH_PARALLEL) {
    const part = distinct.slice(i, i + HASH_PARALLEL);
    const done = await Promise.all(part.map((password) => hashPassword(password)));
    part.forEach((password, index) => hashes.set(password, done[index]));
  }
  return hashes;
}

/** Runs one import to its end; never throws (a crash is recorded as 'failed' with its message). */
export async function runImport(
  ctx: AppContext,
  record: { id: string; schoolId: string },
  checked: CheckedFile,
  options: ImportOptions,
): Promise<void> {
  const counts: Counts = { processed: 0, created: 0, updated: 0, skipped: 0, failed: 0 };
  const report = new Report();
  const finish = async (status: 'done' | 'failed', message = '') =>
    await repo.updateImport(ctx.db, record.id, {
      status,
      message,
      ...counts,
      report: report.json(),
      finishedAt: ctx.now(),
    });
  try {
    const bad = checked.rows.filter((r) => r.problems.length > 0);
    const good = checked.rows.filter((r) => r.problems.length === 0).map((r) => r.row);
    for (const r of bad) report.add(...r.problems);
    counts.failed = bad.length;
    counts.skipped = good.filter((r) => r.action === 'skip').length;
    const work = good.filter((r) => r.action !== 'skip');
    if (options.mode === 'all' && bad.length > 0) return await finish('failed', STUDENT_IMPORT_ERRORS.badRows);
    counts.processed = bad.length + counts.skipped;
    await repo.updateImport(ctx.db, record.id, { ...counts });

    const passwordOf = (r: GoodRow) =>
      r.action === 'create'
        ? (r.password ?? options.initialPassword)
        : r.existing?.source === 'ldap'
          ? undefined
          : r.password;
    const hashes = await hashDistinct(work.map(passwordOf).filter((p): p is string => !!p));
    const write = new Writer(ctx, record.schoolId, hashes, passwordOf);

    if (options.mode === 'all') {
      // One transaction for the whole file: the seat check and every row, or nothing.
      await ctx.db.transaction(async (tx) => {
        await assertSeats(ctx, record.schoolId, work.filter((r) => r.action === 'create').length, tx);
        await write.rows(tx, work);
      });
      counts.created = work.filter((r) => r.action === 'create').length;
      counts.updated = work.length - counts.created;
      counts.processed = checked.rows.length;
      return await finish('done');
    }

    for (let i = 0; i < work.length; i += CHUNK) {
      await nextTick();
      const chunk = work.slice(i, i + CHUNK);
      let outcome: ChunkOutcome;
      try {
        outcome = await ctx.db.transaction(async (tx) => await write.chunk(tx, chunk));
      } catch {
        // Something in the chunk failed (a user name taken meanwhile...): each row alone, so the good ones still land.
        outcome = { created: 0, updated: 0, problems: [] };
        for (const r of chunk) {
          try {
            const one = await ctx.db.transaction(async (tx) => await write.chunk(tx, [r]));
            outcome.created += one.created;
            outcome.updated += one.updated;
            outcome.problems.push(...one.problems);
          } catch (error) {
            ctx.log.warn({ err: error, importId: record.id, row: r.row }, 'student import row failed');
            outcome.problems.push({ row: r.row, field: 'username', reason: 'writeFailed', value: r.username });
          }
        }
      }
      counts.created += outcome.created;
      counts.updated += outcome.updated;
      counts.failed += outcome.problems.length;
      counts.processed += chunk.length;
      report.add(...outcome.problems);
      await repo.updateImport(ctx.db, record.id, { ...counts, report: report.json() });
    }
    return await finish('done');
  } catch (thrown) {
    const error = driverError(thrown);
    const message = error instanceof AppError ? error.error : error instanceof Error ? error.message : String(error);
    if (!(error instanceof AppError)) ctx.log.error({ err: error, importId: record.id }, 'student import failed');
    try {
      counts.created = 0;
      counts.updated = 0;
      await finish('failed', message);
    } catch (inner) {
      ctx.log.error({ err: inner, importId: record.id }, 'student import could not record its failure');
    }
  }
}

interface ChunkOutcome {
  created: number;
  updated: number;
  problems: ImportProblem[];
}

/** Applies rows through the shared student writes: a row's student, groups and field values together. */
class Writer {
  constructor(
    private readonly ctx: AppContext,
    private readonly schoolId: string,
    private readonly hashes: Map<string, string>,
    private readonly passwordOf: (r: GoodRow) => string | undefined,
  ) {}

  /** Creates and updates these rows (the caller holds the transaction and has checked the seats). */
  async rows(tx: Db, rows: GoodRow[]): Promise<void> {
    const now = this.ctx.now();
    const creates: NewStudent[] = rows
      .filter((r) => r.action === 'create')
      .map((r) => ({
        id: this.ctx.ids.next(),
        schoolId: this.schoolId,
        username: r.username,
        name: r.name,
        passwordHash: this.hashes.get(this.passwordOf(r) ?? '') ?? null,
        email: r.email,
        phone: r.phone,
        groupIds: r.groupIds,
        fields: r.fields,
        createdAt: now,
      }));
    await insertStudents(tx, creates);
    for (const r of rows) {
      if (r.action !== 'update' || !r.existing) continue;
      const patch: StudentPatch = { name: r.name };
      if (r.email !== undefined) patch.email = r.email;
      if (r.phone !== undefined) patch.phone = r.phone;
      const password = this.passwordOf(r);
      if (password) patch.passwordHash = this.hashes.get(password);
      await updateStudent(tx, r.existing.id, patch, now);
      // A new password from the file signs the student out everywhere, as an administrator's reset does.
      if (patch.passwordHash) await endUserSessions(tx, 'student', [r.existing.id], now);
      if (r.groupIds) await replaceGroups(tx, r.existing.id, r.groupIds);
      if (Object.keys(r.fields).length > 0) await setFieldValues(tx, r.existing.id, r.fields);
    }
  }

  /** 'rows' mode: the new students that fit the seats left, every update; the rest refused row by row. */
  async chunk(tx: Db, rows: GoodRow[]): Promise<ChunkOutcome> {
    const state = await seatState(this.ctx, this.schoolId, tx);
    const room = state.expired ? 0 : Math.max(0, state.limit - state.used);
    const creates = rows.filter((r) => r.action === 'create');
    const refused = new Set(creates.slice(room));
    const applied = rows.filter((r) => !refused.has(r));
    await assertSeats(this.ctx, this.schoolId, creates.length - refused.size, tx);
    await this.rows(tx, applied);
    const reason = state.expired ? 'licenceExpired' : 'seatsFull';
    return {
      created: creates.length - refused.size,
      updated: applied.length - (creates.length - refused.size),
      problems: [...refused].map((r) => ({ row: r.row, field: 'username', reason, value: r.username })),
    };
  }
}
