/**
 * Replies kept per student under one memory budget for the whole process: each student's entries sit in a map
 * of their own, so a change to one student forgets them all at once, and when the kept text passes the budget
 * the students used longest ago go first (a student moves to the back of the line when read). Entries carry
 * their size in bytes; what makes an entry still valid (stamps, times) is the caller's to check.
 */
export class StudentReplies<V extends { text: string }> {
  private readonly students = new Map<string, Map<string, V>>();
  private bytes = 0;

  constructor(private readonly budgetBytes: number) {}

  get(studentId: string, key: string): V | undefined {
    const mine = this.students.get(studentId);
    const hit = mine?.get(key);
    if (hit && mine) {
      this.students.delete(studentId);
      this.students.set(studentId, mine);
    }
    return hit;
  }

  set(studentId: string, key: string, value: V): void {
    let mine = this.students.get(studentId);
    if (mine) this.students.delete(studentId);
    else mine = new Map();
    this.students.set(studentId, mine);
    const old = mine.get(key);
    if (old) this.bytes -= old.text.length;
    mine.set(key, value);
    this.bytes += value.text.length;
    for (const [oldest] of this.students) {
      if (this.bytes <= this.budgetBytes || oldest === studentId) break;
      this.forget(oldest);
    }
  }

  /** Forgets every reply kept for the student. */
  forget(studentId: string): void {
    const mine = this.students.get(studentId);
    if (!mine) return;
    for (const value of mine.values()) this.bytes -= value.text.length;
    this.students.delete(studentId);
  }

  clear(): void {
    this.students.clear();
    this.bytes = 0;
  }

  /** The characters kept (a JavaScript string's length: about its bytes for JSON). */
  get size(): number {
    return this.bytes;
  }
}
