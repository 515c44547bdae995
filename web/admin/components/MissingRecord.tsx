import { Link } from 'react-router';
import { useT } from '../../i18n';
import type { MessageKey } from '../../../shared/i18n';

/** The panel an editor shows when its record does not exist (or is another school's). */
export function MissingRecord({
  backTo,
  backLabel,
  testId,
}: {
  backTo: string;
  backLabel: MessageKey;
  testId?: string;
}) {
  const t = useT();
  return (
    <section className="card page-card" role="alert" data-testid={testId}>
      <h1 className="page-title">{t('admin.common.notFound')}</h1>
      <Link className="btn btn-primary" to={backTo}>
        {t(backLabel)}
      </Link>
    </section>
  );
}
