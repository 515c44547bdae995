/**
 * Migration 0016's backfill (issue 18: "backfill them in the migration so an upgraded school has figures at
 * once"): the aggregates its INSERT … SELECT statements compute from existing rows equal what the triggers kept
 * while the same study happened through the heartbeat calls (all on one day, where the two must agree).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHAPTER_TYPE } from '../../shared/schemas/chapters';
import { ADMIN, login, makeApp, school, type TestApp } from '../helpers/app';
import { attachResource, enrol, seedResource } from '../helpers/learning-factory';
import { adminCookie, graphicCourse, okBeat, okCall, signedInStudent } from './records-helpers';

const TABLES = [
  'analytics_school_days',
  'analytics_course_days',
  'analytics_course_day_students',
  'analytics_chapter_stats',
  'analytics_course_stats',
  'analytics_group_days',
  'analytics_student_last',
];

/** The migration's backfill statements (after its '-- Backfill' comment). */
function backfillStatements(): string[] {
  const file = fs.readFileSync(path.resolve(__dirname, '../../migrations/0016_analytics.sql'), 'utf8');
  const part = file.slice(file.indexOf('-- Backfill'));
  return part
    .split('--> statement-breakpoint')
    .map((s) => s.replace(/^--.*$/gm, '').trim())
    .filter(Boolean);
}

describe('migration 0016 backfill', () => {
  let app: TestApp;
  let clock: number;
  beforeEach(async () => {
    clock = Date.now();
    app = await makeApp({}, { now: () => clock });
  });
  afterEach(() => app.close());

  it('computes from existing records what the triggers kept', async () => {
    const admin = (await login(app, { ...ADMIN, role: 'admin' })).cookie;
    const post = <T>(url: string, payload: object) => okCall<T>(app, 'POST', url, admin, payload);
    const { coid } = await post<{ coid: string }>('/course/new', { title: 'Backfill', catid: '0', type: 0, actual: 0 });
    const cids: string[] = [];
    for (const title of ['A', 'B']) {
      const { cid } = await post<{ cid: string }>('/chapter/add', {
        coid,
        parent_id: '0',
        title,
        type: CHAPTER_TYPE.video,
      });
      const rid = await seedResource(app, {
        schoolId: (await school(app)).id,
        kind: 'video',
        fileName: `${title}.mp4`,
        mime: 'video/mp4',
        source: Buffer.from('v'),
        duration: 30,
        outputs: { mp4: 'video.mp4' },
      });
      await attachResource(app, cid, rid);
      cids.push(cid);
    }
    await post('/course/pub', { coid, pub: '1' });
    for (const [i, name] of ['One', 'Two'].entries()) {
      const st = await signedInStudent(app, { name, groups: [`G${i}`] });
      await enrol(app, st.id, coid, clock, 'buy');
      for (const cid of cids.slice(0, 2 - i)) {
        const startTs = clock;
        await okBeat(app, st.cookie, { coid, cid, start_ts: startTs, position: 0, play_type: 'start' });
        clock += 16_000;
        await okBeat(app, st.cookie, { coid, cid, start_ts: startTs, position: 16 });
        clock += 14_000;
        await okBeat(app, st.cookie, { coid, cid, start_ts: startTs, position: 30 });
      }
    }
    const sqlite = app.ctx.sqlite!;
    const snapshot = () =>
      Object.fromEntries(TABLES.map((t) => [t, sqlite.prepare(`select * from ${t} order by 1, 2, 3`).all()]));
    const kept = snapshot();
    expect(kept.analytics_chapter_stats).toHaveLength(2);
    expect(kept.analytics_course_stats).toEqual([expect.objectContaining({ learners: 2, completed: 1 })]);
    sqlite.transaction(() => {
      for (const t of TABLES) sqlite.prepare(`delete from ${t}`).run();
      for (const statement of backfillStatements()) sqlite.prepare(statement).run();
    })();
    expect(snapshot()).toEqual(kept);
  });
});

describe('migration 0017 backfill', () => {
  let app: TestApp;
  let clock = Date.UTC(2031, 8, 1, 2, 0, 0);
  beforeEach(async () => {
    app = await makeApp({}, { now: () => clock });
  });
  afterEach(() => app.close());

  it('awards records already complete as the triggers do', async () => {
    const admin = await adminCookie(app);
    const s = await signedInStudent(app, { username: 'credit-earner', name: '学员乙' });
    /** Reads a free graphic course to its end with heartbeats (it completes the course). */
    const readThrough = async (coid: string, startTs: number) => {
      const read = (played: number) =>
        okBeat(app, s.cookie, { coid, cid: '0', start_ts: startTs, played_time: played, play_type: 'read' });
      await read(0.2);
      for (let i = 0; i < 3; i++) {
        clock += 10_000;
        await read(1);
      }
    };
    const coid = await graphicCourse(app, admin, { title: 'Before the upgrade', credit: 1.5 });
    const none = await graphicCourse(app, admin, { title: 'No credit' });
    await readThrough(coid, 1);
    await readThrough(none, 2);
    const sqlite = app.ctx.sqlite!;
    const rows = () => sqlite.prepare('select * from study_credits order by student_id, course_id').all();
    const kept = rows();
    expect(kept).toHaveLength(1);
    sqlite.prepare('delete from study_credits').run();
    const file = fs.readFileSync(path.resolve(__dirname, '../../migrations/0017_study_credits.sql'), 'utf8');
    const backfill = file
      .slice(file.indexOf('-- Backfill'))
      .replace(/^--.*$/gm, '')
      .trim();
    sqlite.exec(backfill);
    expect(rows()).toEqual(kept);
  });
});
