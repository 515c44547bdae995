import { useEffect } from 'react';
import { useBootstrap } from '../../bootstrap';
import { loginHref } from '../../urls';

/**
 * Spec 2 'Page guards': "mycourse and myinformation require a user name, else go to login". A signed-in
 * student (an administrator has no student's course list) with a user name may stay; anyone else goes to
 * sign in and comes back here. Returns whether the page may show.
 */
export function useStudentGuard(): boolean {
  const boot = useBootstrap();
  const allowed = boot.role === 'student' && !!boot.userData.uname;
  useEffect(() => {
    if (!allowed) window.location.replace(loginHref(boot));
  }, [allowed, boot]);
  return allowed;
}
