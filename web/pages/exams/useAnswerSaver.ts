/**
 * Saves a sitting's answers as they are given, so a reload or a
 * dropped connection loses nothing: each change waits a short pause (debounce) then goes to exam/answer;
 * a failed save is retried until it lands; a refusal because the sitting closed stops saving and tells the page.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { examCalls } from '../../../shared/calls/exams';
import { request } from '../../api/client';

export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

const DEBOUNCE_MS = 400;
const RETRY_MS = 2000;

export function useAnswerSaver(sittingId: string | null, onClosed: () => void) {
  const [state, setState] = useState<SaveState>('idle');
  const pending = useRef(new Map<string, string>());
  const timer = useRef<number | undefined>(undefined);
  const running = useRef<Promise<void> | null>(null);
  const closed = useRef(false);
  const onClosedRef = useRef(onClosed);
  onClosedRef.current = onClosed;

  // biome-ignore lint/correctness/useExhaustiveDependencies: flush is declared below and calls run
  const run = useCallback(async (): Promise<void> => {
    if (!sittingId || closed.current) return;
    while (pending.current.size > 0) {
      const [qid, answer] = pending.current.entries().next().value as [string, string];
      setState('saving');
      const reply = await request(examCalls.answer, { body: { sittingId, qid, answer } });
      if (reply.status === 'ok') {
        // A newer answer typed meanwhile stays queued.
        if (pending.current.get(qid) === answer) pending.current.delete(qid);
        continue;
      }
      if (reply.error === 'sittingClosed') {
        closed.current = true;
        pending.current.clear();
        setState('idle');
        onClosedRef.current();
        return;
      }
      setState('failed');
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void flush(), RETRY_MS);
      return;
    }
    setState('saved');
  }, [sittingId]);

  const flush = useCallback((): Promise<void> => {
    window.clearTimeout(timer.current);
    if (!running.current) {
      running.current = run().finally(() => {
        running.current = null;
      });
      return running.current;
    }
    // Already saving: save again after it, for what was queued meanwhile.
    return running.current.then(() => (pending.current.size > 0 ? flush() : undefined));
  }, [run]);

  const queue = useCallback(
    (qid: string, answer: string) => {
      pending.current.set(qid, answer);
      setState('saving');
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void flush(), DEBOUNCE_MS);
    },
    [flush],
  );

  useEffect(() => () => window.clearTimeout(timer.current), []);
  return { state, queue, flush, hasPending: () => pending.current.size > 0 };
}
