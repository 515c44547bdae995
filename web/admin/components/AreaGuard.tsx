import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAdminProfile } from '../../hooks/useAdminProfile';
import { useT } from '../../i18n';
import { canAccess, type MenuEntry } from '../menu';

/** Shows its screen only to administrators holding the area's permission group; others get a clear 'no permission' panel. */
export function AreaGuard({ group, children }: { group: MenuEntry['key']; children: ReactNode }) {
  const t = useT();
  const { data: profile } = useAdminProfile();
  if (!profile) return null;
  if (canAccess(profile, group)) return <>{children}</>;
  return (
    <section className="card page-card" data-testid="no-permission" role="alert">
      <h1 className="page-title">{t('admin.common.noPermissionTitle')}</h1>
      <p className="page-muted">{t('admin.common.noPermissionBody')}</p>
      <Link className="btn btn-primary" to="/">
        {t('admin.menu.home')}
      </Link>
    </section>
  );
}
