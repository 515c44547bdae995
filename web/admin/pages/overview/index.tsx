import { lazy, Suspense } from 'react';
import { Loading } from '../../../components/Loading';
import { useAdminProfile } from '../../../hooks/useAdminProfile';
import { useT } from '../../../i18n';
import { canAccess, isMainAdmin, visibleMenu } from '../../menu';

// The analytics and their chart library load only for administrators who may see them (issue 18).
const AnalyticsOverview = lazy(() => import('../analytics/Overview'));

/**
 * The back office's landing page: welcome, school and the areas this administrator may manage, then the
 * school's study overview for those holding 'student' (the analytics' permission group).
 */
export default function OverviewPage() {
  const t = useT();
  const { data: profile } = useAdminProfile();
  if (!profile) return null;
  const areas = visibleMenu(profile).filter((entry) => entry.key !== 'home');
  return (
    <div className="admin-overview">
      <section className="card">
        <h1 className="page-title" data-testid="admin-welcome">
          {t('admin.welcome', { name: profile.name })}
        </h1>
        <p className="page-detail">{t('admin.school', { school: profile.school.name })}</p>
        <p className="page-muted">
          {t('admin.account', { username: profile.username })} ·{' '}
          {isMainAdmin(profile) ? t('admin.role.main') : t('admin.role.sub')}
        </p>
      </section>
      <section className="card">
        <h2 className="section-title">{t('admin.permissions')}</h2>
        <ul className="chips" data-testid="admin-permissions">
          {areas.map((entry) => (
            <li key={entry.key} className="chip">
              {t(entry.label)}
            </li>
          ))}
        </ul>
      </section>
      {canAccess(profile, 'student') && (
        <Suspense fallback={<Loading />}>
          <AnalyticsOverview />
        </Suspense>
      )}
    </div>
  );
}
