/**
 * Several app nodes on one PostgreSQL database (issue 20 'the heartbeat engine'): a student's learning
 * records are changed in one node's memory at a time. Each node holds a lease per student it works for
 * (record_leases: the node, and a sequence that grows each time the lease changes hands):
 *
 * - Before a node reads or changes a student's records in memory it takes the lease (take): when another
 *   node held it since this one last did, what this node remembers of the student is stale, and goes.
 * - A group commit writes a student's changes only while the node still holds the lease it had when it
 *   made them (lostIn, in the commit's transaction, locking the rows until it commits): a change made on
 *   stale memory is refused (503, the client sends the beat again) instead of overwriting the other node's.
 *
 * So two nodes never credit the same seconds of one student, and any request may reach any node. A node
 * that keeps a student's requests (cookie-hash routing, or one node) takes the lease once and keeps it
 * without asking the database again: every change of a lease row is told to every node (server/db/changes,
 * NOTIFY), and a request is first told of every change committed before it arrived, so a node asks again
 * only for students whose lease row changed since it last took it (stale). On SQLite one process owns the
 * database, and there are no leases.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { sqlRows, type Db } from '../../db/client';

type Lease = { student_id: string; seq: number };

export class RecordLeases {
  /** This process: a node that restarts is another node (it remembers nothing). */
  readonly node = randomUUID();
  /** The lease's sequence when this node last took it, per student. */
  private readonly held = new Map<string, number>();
  /** When a request last took each lease (one under way must keep it until its commit). */
  private readonly usedAt = new Map<string, number>();
  /** Students whose lease row changed since this node took it (told by the change feed): asked again. */
  private readonly stale = new Set<string>();

  /** The change feed told of a change of the student's lease row (another node's take, or this one's). */
  changedRow(studentId: string): void {
    if (this.held.has(studentId)) this.stale.add(studentId);
  }

  /**
   * Takes the students' leases for this node (in one statement, in key order, so two takers never wait for
   * each other crosswise). Answers the students whose lease another node held since this one took it.
   * Without `always`, a lease this node holds and whose row did not change since is not asked for.
   */
  async take(db: Db, studentIds: readonly string[], always = false): Promise<string[]> {
    const now = Date.now();
    for (const id of studentIds) this.usedAt.set(id, now);
    const ids = [...new Set(studentIds)].filter((id) => always || !this.held.has(id) || this.stale.has(id));
    if (ids.length === 0) return [];
    for (const id of ids) this.stale.delete(id);
    // A row this node already holds is left as it is (no write, nothing told), and read for its sequence.
    const rows = await sqlRows<Lease>(
      db,
      sql`WITH ids AS (SELECT unnest(${sql.param(ids.sort())}::text[]) AS id),
        taken AS (INSERT INTO record_leases AS l (student_id, node, seq)
          SELECT id, ${this.node}, 1 FROM ids ORDER BY id
          ON CONFLICT (student_id) DO UPDATE SET node = excluded.node, seq = l.seq + 1
            WHERE l.node <> excluded.node
          RETURNING l.student_id, l.seq)
        SELECT student_id, seq FROM taken
        UNION ALL SELECT r.student_id, r.seq FROM record_leases r JOIN ids ON ids.id = r.student_id
          WHERE r.student_id NOT IN (SELECT student_id FROM taken)`,
    );
    return this.changed(rows);
  }

  /** A commit found these leases lost: the next take asks the database again. */
  forget(studentIds: Iterable<string>): void {
    for (const studentId of studentIds) this.held.delete(studentId);
  }

  /**
   * Takes the leases of every student with a record of the course (a write of one chapter for all its
   * students): whatever another node remembers of them goes. Answers those this node must forget too.
   */
  async takeCourse(db: Db, courseId: string): Promise<string[]> {
    const rows = await sqlRows<Lease>(
      db,
      sql`WITH locked AS (
          SELECT student_id FROM record_leases
          WHERE student_id IN (SELECT student_id FROM course_records WHERE course_id = ${courseId}
            UNION SELECT student_id FROM learn_records WHERE course_id = ${courseId})
          ORDER BY student_id FOR UPDATE)
        UPDATE record_leases AS l SET node = ${this.node}, seq = l.seq + 1 FROM locked
        WHERE l.student_id = locked.student_id
        RETURNING l.student_id, l.seq`,
    );
    return this.changed(rows);
  }

  /** The sequences this node holds for the students (what a commit of their changes checks). */
  snapshot(studentIds: Iterable<string>): Map<string, number> {
    const seqs = new Map<string, number>();
    for (const studentId of studentIds) seqs.set(studentId, this.held.get(studentId) ?? -1);
    return seqs;
  }

  /**
   * In a commit's transaction: the students whose lease this node no longer holds as it was (their changes
   * must not be written). The rows still held stay locked until the commit ends.
   */
  async lostIn(tx: Db, seqs: ReadonlyMap<string, number>): Promise<Set<string>> {
    const ids = [...seqs.keys()].sort();
    const kept = await sqlRows<{ student_id: string }>(
      tx,
      sql`SELECT l.student_id FROM record_leases l
        JOIN unnest(${sql.param(ids)}::text[], ${sql.param(ids.map((id) => seqs.get(id)))}::bigint[])
          AS w(student_id, seq) ON w.student_id = l.student_id AND w.seq = l.seq
        WHERE l.node = ${this.node} ORDER BY l.student_id FOR UPDATE OF l`,
    );
    const lost = new Set(ids);
    for (const row of kept) lost.delete(row.student_id);
    return lost;
  }

  /**
   * Forgets the leases of students this node keeps nothing of and took none of since `before` (ms): a request
   * between its take and its first state keeps the lease it took, else its commit would count it lost.
   */
  keepOnly(keep: (studentId: string) => boolean, before: number): void {
    for (const [studentId, at] of this.usedAt) {
      if (at >= before || keep(studentId)) continue;
      this.usedAt.delete(studentId);
      this.held.delete(studentId);
      this.stale.delete(studentId);
    }
  }

  private changed(rows: Lease[]): string[] {
    const moved: string[] = [];
    for (const { student_id: studentId, seq } of rows) {
      if (this.held.get(studentId) !== Number(seq)) moved.push(studentId);
      this.held.set(studentId, Number(seq));
      this.usedAt.set(studentId, Date.now());
    }
    return moved;
  }
}
