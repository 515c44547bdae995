import { useState } from 'react';
import type { Reply } from '../../../shared/envelope';
import { toast } from '../../components/feedback';
import { useT } from '../../i18n';
import { failureText } from '../api/errors';

/**
 * Runs a list page's row action: busy while it runs, the server's failure as a toast, otherwise the
 * done toast and the page's refresh (afterwards).
 */
export function useRowAction(afterwards: () => Promise<unknown> | void) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const run = async <T>(work: () => Promise<Reply<T>>, done: string) => {
    setBusy(true);
    const reply = await work();
    setBusy(false);
    if (reply.status !== 'ok') return toast(failureText(t, reply));
    toast(done);
    await afterwards();
  };
  return { busy, setBusy, run };
}
