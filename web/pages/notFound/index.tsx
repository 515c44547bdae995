import { useBootstrap } from '../../bootstrap';
import { useT } from '../../i18n';
import { schoolHomePath } from '../../urls';

/** 页面不存在 / Page not found, with a link to the school home page. */
export default function NotFoundPage() {
  const t = useT();
  const boot = useBootstrap();
  return (
    <section className="card page-card not-found" aria-labelledby="not-found-title" data-testid="not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="page-title">
        {t('notFound.title')}
      </h1>
      <p className="page-muted">{t('notFound.body')}</p>
      <a className="btn btn-primary" href={schoolHomePath(boot)}>
        {t('notFound.home')}
      </a>
    </section>
  );
}
