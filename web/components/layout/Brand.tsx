import { useBootstrap } from '../../bootstrap';
import { useT } from '../../i18n';
import { schoolHomePath } from '../../urls';

/** The school's mark and name, linking to the school home page. */
export function Brand() {
  const boot = useBootstrap();
  const t = useT();
  const name = boot.schoolName || t('app.name');
  return (
    <a className="brand" href={schoolHomePath(boot)}>
      <span className="brand-mark" aria-hidden="true">
        {Array.from(name)[0]}
      </span>
      <span className="brand-name">{name}</span>
    </a>
  );
}
