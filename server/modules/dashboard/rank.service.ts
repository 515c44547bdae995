/**
 * GET dashboard/rank (spec 2 'Dashboard (controller) children' rank; issue 18): the student's rank by study
 * time (learn_days; all time from the course records) and by points (point_ledger) within the school and
 * within each of their groups, for a week, a month or all time (shared/rules/dashboard periodStart,
 * competitionRank), with the top of one scope and measure.
 *
 * Efficient for a school of 20,000 students: each school's board (every student with something in the
 * period, sorted once by one grouped, indexed statement) is kept for a minute and shared by all its
 * students; a request then costs a binary search per scope. A group's board is the school's filtered by the
 * group's members (also kept a minute). So a rank may be up to a minute old.
 *
 * Ranking off (student settings 'ranking' false): 404 'ranking is turned off' — the call is gone for students,
 * as the dashboard's entry is. A scope that is not a group of the student's: 404.
 */
import { competitionPlaces, competitionRank, periodStart, type RankMeasure } from '../../../shared/rules/dashboard';
import { formatDate } from '../../../shared/rules/dates';
import { readStudentSettings } from '../../../shared/schemas/students';
import { DASHBOARD_ERRORS, RANK_TOP, type RankQuery, type RankReply } from '../../../shared/schemas/dashboard';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { TtlCache } from '../../lib/ttl-cache';
import { studentCourses } from '../access/holdings';
import { schoolPiece } from '../pages/bootstrap-cache';
import { recordsStore } from '../records/records.store';
import * as repo from './rank.repository';

type Student = { userId: string; schoolId: string };

/** Every student with something in a period, most first: ids and values side by side. */
interface Board {
  ids: string[];
  values: number[];
  at: Map<string, number>;
}

const BOARD_MS = 60_000;
const boards = new WeakMap<AppContext, TtlCache<string, Board | string[] | number>>();

function cacheOf(ctx: AppContext) {
  let cache = boards.get(ctx);
  if (!cache) boards.set(ctx, (cache = new TtlCache(BOARD_MS, 2_000, Date.now)));
  return cache;
}

function makeBoard(rows: readonly { sid: string; value: number }[]): Board {
  const ids = rows.map((row) => row.sid);
  return { ids, values: rows.map((row) => row.value), at: new Map(ids.map((id, i) => [id, i])) };
}

/** Local midnight of a yyyy-MM-dd day (points rows carry their instant; the day is the server's). */
const midnight = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d).getTime();
};

async function schoolBoard(ctx: AppContext, schoolId: string, by: RankMeasure, from: string): Promise<Board> {
  return (await cacheOf(ctx).getOrLoad(`board|${schoolId}|${by}|${from}`, async () => {
    if (by === 'time') {
      const rows = await recordsStore(ctx).schoolStudyTotals(schoolId, from);
      return makeBoard(rows.map((row) => ({ sid: row.sid, value: Math.round(row.ms / 1000) })));
    }
    const rows = await repo.schoolPointTotals(ctx.db, schoolId, from ? midnight(from) : 0);
    return makeBoard(rows.map((row) => ({ sid: row.sid, value: row.points })));
  })) as Board;
}

async function groupMembers(ctx: AppContext, groupId: string): Promise<Set<string>> {
  const ids = (await cacheOf(ctx).getOrLoad(`members|${groupId}`, () =>
    repo.groupMemberIds(ctx.db, groupId),
  )) as string[];
  return new Set(ids);
}

async function schoolSize(ctx: AppContext, schoolId: string): Promise<number> {
  return (await cacheOf(ctx).getOrLoad(`size|${schoolId}`, () => repo.schoolStudentCount(ctx.db, schoolId))) as number;
}

/** A board narrowed to a group's members (the order kept). */
function groupBoard(board: Board, members: ReadonlySet<string>): Board {
  const rows: { sid: string; value: number }[] = [];
  board.ids.forEach((sid, i) => {
    if (members.has(sid)) rows.push({ sid, value: board.values[i] });
  });
  return makeBoard(rows);
}

/** The school turned ranking on (the default) in its student settings. */
export async function rankingOn(ctx: AppContext, schoolId: string): Promise<boolean> {
  const piece = await schoolPiece(ctx, schoolId);
  if (!piece) return false;
  let on = rankingOf.get(piece.school);
  if (on === undefined) rankingOf.set(piece.school, (on = readStudentSettings(piece.school.settings).ranking));
  return on;
}

/** The switch read from each cached school row once (the control centre asks on every visit). */
const rankingOf = new WeakMap<object, boolean>();

const placeIn = (board: Board, sid: string, of: number) => {
  const i = board.at.get(sid);
  const value = i === undefined ? 0 : board.values[i];
  return { rank: competitionRank(board.values, value), of: Math.max(of, board.ids.length), value };
};

/** The student's places in the school and their groups, and the top of the chosen scope and measure. */
export async function myRank(ctx: AppContext, student: Student, query: RankQuery): Promise<RankReply> {
  if (!(await rankingOn(ctx, student.schoolId))) throw notFound(DASHBOARD_ERRORS.rankingOff);
  const groupIds = (await studentCourses(ctx, student.userId)).groups;
  if (query.scope !== '' && !groupIds.includes(query.scope)) throw notFound();
  const from = periodStart(query.period, formatDate(ctx.now(), 'yyyy-MM-dd'));
  const school = (await schoolPiece(ctx, student.schoolId))?.school.name ?? '';
  const names = new Map((await repo.groupNames(ctx.db, student.schoolId, groupIds)).map((row) => [row.id, row.name]));
  const scopeList = [
    { scope: '', name: school },
    ...groupIds.filter((id) => names.has(id)).map((id) => ({ scope: id, name: names.get(id) ?? '' })),
  ];
  // A group's board is the school's narrowed to its members, kept as long as the school's.
  const boardFor = async (by: RankMeasure, scope: string): Promise<Board> => {
    const all = await schoolBoard(ctx, student.schoolId, by, from);
    if (scope === '') return all;
    const members = await groupMembers(ctx, scope);
    return (await cacheOf(ctx).getOrLoad(`group|${scope}|${by}|${from}`, async () =>
      groupBoard(all, members),
    )) as Board;
  };
  const sizeOf = async (scope: string) =>
    scope ? (await groupMembers(ctx, scope)).size : await schoolSize(ctx, student.schoolId);
  const scopes = [];
  for (const { scope, name } of scopeList) {
    const size = await sizeOf(scope);
    scopes.push({
      scope,
      name,
      time: placeIn(await boardFor('time', scope), student.userId, size),
      points: placeIn(await boardFor('points', scope), student.userId, size),
    });
  }

  const chosen = scopeList.find((item) => item.scope === query.scope) ?? scopeList[0];
  const board = await boardFor(query.by, chosen.scope);
  const topIds = board.ids.slice(0, RANK_TOP);
  const places = competitionPlaces(board.values.slice(0, RANK_TOP));
  const who = await repo.studentNames(ctx.db, student.schoolId, [...topIds, student.userId]);
  const top = topIds.map((sid, i) => ({
    rank: places[i],
    name: who.get(sid) ?? '',
    value: board.values[i],
    me: sid === student.userId,
  }));
  const own = placeIn(board, student.userId, 0);
  return {
    period: query.period,
    by: query.by,
    scope: chosen.scope,
    from,
    scopes,
    top,
    mine: { rank: own.rank, name: who.get(student.userId) ?? '', value: own.value, me: true },
  };
}
