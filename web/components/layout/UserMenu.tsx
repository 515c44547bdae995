import { useEffect, useId, useRef, useState } from 'react';
import { useBootstrap } from '../../bootstrap';
import { useLoginState } from '../../hooks/useLoginState';
import { useLogout } from '../../hooks/useLogout';
import { AccountDialog, useCanChangePassword, type AccountDialogKind } from '../../pages/account/AccountDialogs';
import { useT } from '../../i18n';
import { ROUTES } from '../../paths';
import { Avatar } from '../Avatar';
import { SiteLink } from './SiteLink';

/**
 * The signed-in user's name with a menu: Personal centre; for a student My information, Change avatar and
 * Change password (spec 2 'Student dashboard' user name dropdown; the password only when offered, spec 5); Log out.
 */
export function UserMenu() {
  const t = useT();
  const boot = useBootstrap();
  const handleLogout = useLogout();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const { data: state } = useLoginState();
  const student = boot.role === 'student';
  const [dialog, setDialog] = useState<AccountDialogKind>(null);
  // Asked once the menu is first opened (stu/setting), not on every page load.
  const [asked, setAsked] = useState(false);
  const canChangePassword = useCanChangePassword(asked);
  const user = state?.userData ?? boot.userData;
  const name = user.sname || user.uname;
  const openDialog = (kind: AccountDialogKind) => {
    // The menu item goes away with the menu: the dialog gives focus back to the menu's button.
    buttonRef.current?.focus();
    setOpen(false);
    setDialog(kind);
  };

  useEffect(() => {
    if (!open) return;
    const handlePointer = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    const handleKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', handlePointer);
    document.addEventListener('keydown', handleKey);
    return () => {
      document.removeEventListener('pointerdown', handlePointer);
      document.removeEventListener('keydown', handleKey);
    };
  }, [open]);

  return (
    <div className="user-menu" ref={ref}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`${t('nav.userMenu')}: ${name}`}
        onClick={() => {
          setAsked(true);
          setOpen((value) => !value);
        }}
        data-testid="user-menu"
      >
        <Avatar name={name} image={user.imageurl} size={30} />
        <span className="user-name">{name}</span>
        <span className="caret" aria-hidden="true" />
      </button>
      {open && (
        <div className="user-menu-list" id={menuId} role="menu">
          <SiteLink
            to={ROUTES.personalCenter}
            className="user-menu-item"
            role="menuitem"
            onClick={() => setOpen(false)}
          >
            {t('nav.personalCenter')}
          </SiteLink>
          {student && (
            <>
              <SiteLink
                to={ROUTES.myInformation}
                className="user-menu-item"
                role="menuitem"
                onClick={() => setOpen(false)}
              >
                {t('account.menu.myInfo')}
              </SiteLink>
              <button
                type="button"
                role="menuitem"
                className="user-menu-item"
                onClick={() => openDialog('avatar')}
                data-testid="menu-change-avatar"
              >
                {t('account.menu.changeAvatar')}
              </button>
              {canChangePassword && (
                <button
                  type="button"
                  role="menuitem"
                  className="user-menu-item"
                  onClick={() => openDialog('password')}
                  data-testid="menu-change-password"
                >
                  {t('account.menu.changePassword')}
                </button>
              )}
            </>
          )}
          <button
            type="button"
            role="menuitem"
            className="user-menu-item"
            onClick={() => {
              setOpen(false);
              void handleLogout();
            }}
          >
            {t('nav.logout')}
          </button>
        </div>
      )}
      <AccountDialog kind={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}
