import { useBootstrap } from '../../bootstrap';
import { useT } from '../../i18n';
import { LanguageSwitch } from '../LanguageSwitch';

/**
 * Desktop footer: contact block (only with a phone number on file), the school line, the language
 * switch and the back-office entry (opens in a new tab). About, QR code and hours come with the
 * school's home setting.
 */
export function Footer() {
  const t = useT();
  const boot = useBootstrap();
  const yks = boot.model === 'yks';
  const school = boot.schoolName || t('app.name');
  return (
    <footer className="d-footer" data-testid="footer">
      <div className="container d-footer-inner">
        {boot.phone && (
          <section className="footer-block">
            <h2>{t('footer.contact')}</h2>
            <p>{t('footer.phone', { phone: boot.phone })}</p>
          </section>
        )}
        <div className="footer-bottom">
          <span className="footer-copy">{t('footer.copyright', { year: new Date().getFullYear(), school })}</span>
          <div className="footer-tools">
            <LanguageSwitch />
            {!yks && (
              <a className="footer-admin" href={boot.adminPath} target="_blank" rel="noopener" data-testid="admin-entry">
                {t('footer.adminEntry')}
              </a>
            )}
          </div>
        </div>
      </div>
    </footer>
  );
}

/** Mobile footer: only the language switch for now (the about block comes with the home setting). */
export function MobileFooter() {
  return (
    <footer className="m-footer" data-testid="footer">
      <LanguageSwitch />
    </footer>
  );
}
