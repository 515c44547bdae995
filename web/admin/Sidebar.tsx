import { NavLink } from 'react-router';
import type { AdminProfile } from '../../shared/schemas/admins';
import { useT } from '../i18n';
import { visibleMenu } from './menu';

const itemClass = ({ isActive }: { isActive: boolean }) => `admin-side-item${isActive ? ' is-active' : ''}`;

/** The permitted back-office areas; areas whose screens are not built yet are shown disabled, never as dead buttons. */
export function Sidebar({ profile }: { profile: AdminProfile }) {
  const t = useT();
  return (
    <nav className="admin-side" aria-label={t('admin.menu.label')} data-testid="admin-sidebar">
      <ul>
        {visibleMenu(profile).map((entry) => (
          <li key={entry.key} data-menu={entry.key} className={entry.links ? 'admin-side-group' : undefined}>
            {entry.links ? (
              <>
                <span className="admin-side-heading">{t(entry.label)}</span>
                <div className="admin-side-links">
                  {entry.links.map((link) => (
                    <NavLink key={link.key} to={link.to} className={itemClass} data-area={link.key}>
                      {t(link.label)}
                    </NavLink>
                  ))}
                </div>
              </>
            ) : entry.to ? (
              <NavLink to={entry.to} end className={itemClass}>
                {t(entry.label)}
              </NavLink>
            ) : (
              <span className="admin-side-item is-disabled" aria-disabled="true" title={t('admin.menu.soon')}>
                {t(entry.label)}
                <small>{t('admin.menu.soon')}</small>
              </span>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
