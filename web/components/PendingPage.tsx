import type { MessageKey } from '../../shared/i18n';
import { useBootstrap } from '../bootstrap';
import { useT } from '../i18n';

/** A titled page whose content arrives with the course features: says what it is, shows no made-up data. */
export function PendingPage({ titleKey, detail }: { titleKey: MessageKey; detail?: string }) {
  const t = useT();
  const boot = useBootstrap();
  return (
    <section className="card page-card" aria-labelledby="page-title">
      {boot.schoolName && <p className="page-kicker">{boot.schoolName}</p>}
      <h1 id="page-title" className="page-title">
        {t(titleKey)}
      </h1>
      {detail && <p className="page-detail">{detail}</p>}
      <p className="page-muted">{t('page.pending')}</p>
    </section>
  );
}
