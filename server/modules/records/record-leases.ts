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
 * that keeps a student's requests (cookie-hash routing) takes the lease once and keeps it. On SQLite one
 * process owns the database, and there are no leases.
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

  /**
   * Takes the students' leases for this node (in one statement, in key order, so two takers never wait for
   * each other crosswise). Answers the students whose lease another node held since this one took it.
   */
  async take(db: Db, studentIds: readonly string[]): Promise<string[]> {
    if (studentIds.length === 0) return [];
    const rows = await sqlRows<Lease>(
      db,
      sql`INSERT INTO record_leases AS l (student_id, node, seq)
        SELECT id, ${this.node}, 1 FROM unnest(${sql.param([...new Set(studentIds)].sort())}::text[]) AS id
        ORDER BY id
        ON CONFLICT (student_id) DO UPDATE SET node = excluded.node,
          seq = l.seq + CASE WHEN l.node = excluded.node THEN 0 ELSE 1 END
        RETURNING l.student_id, l.seq`,
    );
    return this.changed(rows);
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

  /** Forgets the leases of students this node keeps nothing of. */
  keepOnly(keep: (studentId: string) => boolean): void {
    for (const studentId of this.held.keys()) if (!keep(studentId)) this.held.delete(studentId);
  }

  private changed(rows: Lease[]): string[] {
    const moved: string[] = [];
    for (const { student_id: studentId, seq } of rows) {
      if (this.held.get(studentId) !== Number(seq)) moved.push(studentId);
      this.held.set(studentId, Number(seq));
    }
    return moved;
  }
}
