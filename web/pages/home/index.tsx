import { useBootstrap } from '../../bootstrap';
import { useT } from '../../i18n';
import { loginHref } from '../../urls';

/** The school home page: a welcome with the school name until the catalogue arrives. */
export default function HomePage() {
  const t = useT();
  const boot = useBootstrap();
  const name = boot.userData.sname || boot.userData.uname;
  const loggedIn = boot.role !== 'guest';
  return (
    <div className="home">
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title" className="hero-title">
          {t('home.welcome', { school: boot.schoolName || t('app.name') })}
        </h1>
        {loggedIn && name && (
          <p className="hero-greeting" data-testid="home-greeting">
            {t('home.greeting', { name })}
          </p>
        )}
        <p className="hero-text">{t('home.comingSoon')}</p>
        {!loggedIn && boot.model !== 'yks' && (
          <p className="hero-actions">
            <a className="btn btn-light" href={loginHref(boot)}>
              {t('nav.signIn')}
            </a>
            <span className="hero-hint">{t('home.signInHint')}</span>
          </p>
        )}
      </section>
    </div>
  );
}
