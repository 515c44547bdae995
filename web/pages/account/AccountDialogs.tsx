import { lazy, Suspense } from 'react';
import { createPortal } from 'react-dom';
import { useBootstrap } from '../../bootstrap';
import { useLoginState } from '../../hooks/useLoginState';
import { accountCalls } from '../../../shared/calls/account';
import { useCall } from '../../hooks/useCall';

const ChangePasswordDialog = lazy(() => import('../../components/dialogs/ChangePasswordDialog'));
const AvatarDialog = lazy(() => import('../../components/dialogs/AvatarDialog'));

export type AccountDialogKind = 'avatar' | 'password' | null;

/** Whether the signed-in student is offered the password dialog (spec 5: changePass false, needPassword true; a local account). */
export function useCanChangePassword(enabled = true): boolean {
  const boot = useBootstrap();
  const { data } = useCall(accountCalls.setting, enabled && boot.role === 'student' ? {} : null, {
    revalidateOnFocus: false,
  });
  return data?.canChangePassword === true;
}

/** The avatar or password dialog of the user menu and the information page, loaded when first opened. */
export function AccountDialog({ kind, onClose }: { kind: AccountDialogKind; onClose: () => void }) {
  const { data } = useLoginState();
  if (!kind || !data) return null;
  const name = data.userData.sname || data.userData.uname;
  // On the body: a fixed mask inside the top bar would be clipped by its stacking context.
  return createPortal(
    <Suspense fallback={null}>
      {kind === 'password' ? (
        <ChangePasswordDialog onClose={onClose} />
      ) : (
        <AvatarDialog name={name} current={data.userData.imageurl} onClose={onClose} />
      )}
    </Suspense>,
    document.body,
  );
}
