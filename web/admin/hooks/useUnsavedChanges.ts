import { useEffect } from 'react';
import { useBlocker, type Location } from 'react-router';
import { confirm } from '../../components/feedback';
import { useT } from '../../i18n';

/**
 * Warns before leaving a form with unsaved changes: the browser's own prompt on reload or close, and a
 * confirm dialog on a hash-route change (moves that stay inside the form, such as its tabs, pass when
 * `stays` says so).
 */
export function useUnsavedChanges(dirty: boolean, stays?: (next: Location) => boolean): void {
  const t = useT();
  const blocker = useBlocker(({ nextLocation }) => dirty && !(stays?.(nextLocation) ?? false));

  useEffect(() => {
    if (!dirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [dirty]);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let active = true;
    void confirm({ text: t('admin.common.unsaved'), okText: t('admin.common.leave'), cancelText: t('admin.common.stay') }).then((leave) => {
      if (!active) return;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      active = false;
    };
  }, [blocker, t]);
}
