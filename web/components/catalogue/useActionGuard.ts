import { useCallback } from 'react';
import { purchaseRefusal, type RefusalKey } from '../../../shared/rules/course-buttons';
import type { Bootstrap } from '../../../shared/schemas/bootstrap';
import { sendToPlatform } from '../../lib/yks-bridge';
import { useBootstrap } from '../../bootstrap';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useT } from '../../i18n';
import { loginHref } from '../../urls';
import { alert, confirm } from '../feedback';

/** The signed-in person as the purchase rules see them (student id as uid); null for a guest. */
export function viewerOf(boot: Pick<Bootstrap, 'role' | 'userData'>) {
  if (boot.role === 'guest') return null;
  const sid = boot.userData.sid;
  return { uid: boot.role === 'student' ? sid : `admin:${boot.userData.uname}`, sid, gid: boot.userData.gid };
}

/** Why a bookmark or a subscription is refused (no group check): noLogin, studentOnly, or null. */
export function bookmarkRefusal(boot: Pick<Bootstrap, 'role' | 'userData'>, ownerId: string): RefusalKey | null {
  return purchaseRefusal({ viewer: viewerOf(boot), ownerId, authentication_gid: '' });
}

/**
 * Runs the refusals before an action (spec 5): not signed in → desktop goes to the sign-in page with a
 * return address, mobile asks first; no student id or the school owner → 请使用学员账号进行操作！;
 * outside the allowed groups → the designatedGroup message. Resolves true when the action may go on.
 */
export function useActionGuard(): (refusal: RefusalKey | null) => Promise<boolean> {
  const boot = useBootstrap();
  const t = useT();
  const isMobile = useIsMobile();
  return useCallback(
    async (refusal) => {
      if (!refusal) return true;
      if (refusal === 'noLogin') {
        if (isMobile && !(await confirm({ text: t('catalogue.loginConfirm'), okText: t('nav.signIn') }))) return false;
        window.location.assign(loginHref(boot));
        return false;
      }
      // Issue 19, spec 5 'In yks mode group membership is checked before starting': the platform opens its
      // group dialog.
      if (refusal === 'designatedGroup' && boot.model === 'yks') {
        void sendToPlatform('onActiveStuGroupModal', { coid: boot.params.coid ?? '', reason: refusal });
      }
      await alert({ text: refusal === 'studentOnly' ? t('errors.studentOnly') : t('catalogue.designatedGroup') });
      return false;
    },
    [boot, t, isMobile],
  );
}
