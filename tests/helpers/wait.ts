/**
 * The kit's waiting (re-exported by kit.ts), in a module of its own without vitest so that scripts loading the test
 * harnesses outside the runner (scripts/bench/ldap-sync.mjs loads slapd.ts) can use it too.
 */

/**
 * Polls a check until it gives a value, or fails naming what was awaited once the deadline passes: the kit's one
 * way for a test to wait for something it cannot subscribe to (a job, a file, a process), never a fixed sleep.
 * `what` may be a function, read at the deadline, to name the last state seen as well.
 */
export async function waitUntil<T>(
  what: string | (() => string),
  check: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  deadlineMs = 15_000,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${deadlineMs} ms waiting for ${typeof what === 'function' ? what() : what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
