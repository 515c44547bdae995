import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useBlocker, type Location } from 'react-router';
import { confirm } from '../../components/feedback';
import { useT } from '../../i18n';

/**
 * Warns before leaving a form with unsaved changes: the browser's own prompt on reload or close, and a
 * confirm dialog on a hash-route change (moves that stay inside the form, such as its tabs, pass when
 * `stays` says so).
 *
 * The router's blocker exists only while some form is unsaved: the layout's UnsavedChangesHost mounts it
 * then. A blocker that is always there (useBlocker in every form, dirty or not) makes React Router warn
 * "You are trying to use a blocker on a POP navigation…" at every address change it did not make itself
 * (the back button to such an entry, a typed or bookmarked address), on screens with nothing to lose.
 */
type Stays = (next: Location) => boolean;
type Register = (id: string, stays: Stays) => () => void;

const UnsavedContext = createContext<Register | null>(null);

export function useUnsavedChanges(dirty: boolean, stays?: Stays): void {
  const register = useContext(UnsavedContext);
  const id = useId();
  const staysRef = useRef(stays);
  staysRef.current = stays;

  useEffect(() => {
    if (!dirty || !register) return;
    return register(id, (next) => staysRef.current?.(next) ?? false);
  }, [dirty, register, id]);

  useEffect(() => {
    if (!dirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [dirty]);
}

/** Around the routed screens: holds which forms are unsaved and mounts the one blocker while any is. */
export function UnsavedChangesHost({ children }: { children: ReactNode }) {
  const [unsaved, setUnsaved] = useState<ReadonlyMap<string, Stays>>(new Map());
  const register = useCallback<Register>((id, stays) => {
    setUnsaved((current) => new Map(current).set(id, stays));
    return () =>
      setUnsaved((current) => {
        const next = new Map(current);
        next.delete(id);
        return next;
      });
  }, []);
  const shouldBlock = useMemo(() => {
    const all = [...unsaved.values()];
    return (next: Location) => all.some((stays) => !stays(next));
  }, [unsaved]);
  return (
    <UnsavedContext.Provider value={register}>
      {children}
      {unsaved.size > 0 && <LeaveGuard shouldBlock={shouldBlock} />}
    </UnsavedContext.Provider>
  );
}

/** The router's blocker and its confirm dialog. */
function LeaveGuard({ shouldBlock }: { shouldBlock: Stays }) {
  const t = useT();
  const blocker = useBlocker(({ nextLocation }) => shouldBlock(nextLocation));

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let active = true;
    void confirm({
      text: t('admin.common.unsaved'),
      okText: t('admin.common.leave'),
      cancelText: t('admin.common.stay'),
    }).then((leave) => {
      if (!active) return;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      active = false;
    };
  }, [blocker, t]);
  return null;
}
