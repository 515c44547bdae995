import { useEffect, useId, useRef, useState } from 'react';
import { useBootstrap } from '../../bootstrap';
import { useLogout } from '../../hooks/useLogout';
import { useT } from '../../i18n';
import { ROUTES } from '../../routes';
import { Avatar } from '../Avatar';
import { SiteLink } from './SiteLink';

/** The signed-in user's name with a menu: Personal centre, Log out. */
export function UserMenu() {
  const t = useT();
  const boot = useBootstrap();
  const handleLogout = useLogout();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const name = boot.userData.sname || boot.userData.uname;

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
        type="button"
        className="user-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`${t('nav.userMenu')}: ${name}`}
        onClick={() => setOpen((value) => !value)}
        data-testid="user-menu"
      >
        <Avatar name={name} image={boot.userData.imageurl} size={30} />
        <span className="user-name">{name}</span>
        <span className="caret" aria-hidden="true" />
      </button>
      {open && (
        <div className="user-menu-list" id={menuId} role="menu">
          <SiteLink to={ROUTES.personalCenter} className="user-menu-item" role="menuitem" onClick={() => setOpen(false)}>
            {t('nav.personalCenter')}
          </SiteLink>
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
    </div>
  );
}
