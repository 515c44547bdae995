import type { HomeSetting } from '../../../shared/schemas/home-setting';
import { formatDate, DATE_PATTERNS } from '../../../shared/rules/dates';
import { HOME_ARTICLES_NUM } from '../../api/catalogue';
import { useBootstrap } from '../../bootstrap';
import { Avatar } from '../../components/Avatar';
import { Carousel, type Slide } from '../../components/catalogue/Carousel';
import { SiteLink } from '../../components/layout/SiteLink';
import { useArticles } from '../../hooks/useCatalogue';
import { useLocale, useT } from '../../i18n';
import { ROUTES } from '../../paths';
import { loginHref, signUpHref } from '../../urls';
import { SectionHead } from './HomeSections';

/** The banners as slides: the desktop image (url) or the mobile one (urlmoblie, else url). */
export function BannerCarousel({ setting, mobile }: { setting: HomeSetting; mobile: boolean }) {
  const t = useT();
  const slides: Slide[] = setting.banners
    .map((banner, index) => ({
      key: String(index),
      image: mobile ? banner.urlmoblie || banner.url : banner.url,
      link: banner.link,
      background: banner.bgc || undefined,
    }))
    .filter((slide) => slide.image);
  if (slides.length === 0) return null;
  return <Carousel slides={slides} label={t('home.banners')} />;
}

/**
 * The welcome block when the school shows no banners: the school name, a greeting or Sign in / Sign up
 * (registration only when enabled), and — while the school has no courses — an honest 'being prepared'.
 */
export function HomeHero({ empty, visible }: { empty: boolean; visible: boolean }) {
  const t = useT();
  const boot = useBootstrap();
  const name = boot.userData.sname || boot.userData.uname;
  const loggedIn = boot.role !== 'guest';
  const title = t('home.welcome', { school: boot.schoolName || t('app.name') });
  if (!visible) {
    return (
      <h1 id="home-title" className="visually-hidden">
        {title}
      </h1>
    );
  }
  return (
    <section className="hero" aria-labelledby="home-title">
      <h1 id="home-title" className="hero-title">
        {title}
      </h1>
      {loggedIn && name && (
        <p className="hero-greeting" data-testid="home-greeting">
          {t('home.greeting', { name })}
        </p>
      )}
      <p className="hero-text">{empty ? t('home.comingSoon') : t('home.browse')}</p>
      {!loggedIn && boot.model !== 'yks' && (
        <p className="hero-actions">
          <a className="btn btn-light" href={loginHref(boot)}>
            {t('nav.signIn')}
          </a>
          {boot.registerEnabled && (
            <a className="btn btn-outline-light" href={signUpHref(boot)}>
              {t('nav.signUp')}
            </a>
          )}
          <span className="hero-hint">{t('home.signInHint')}</span>
        </p>
      )}
    </section>
  );
}

/** Image tiles with optional links: the ads (when showads) and the recommended ads. */
export function AdTiles({ ads, title, testId }: { ads: HomeSetting['ads']; title?: string; testId: string }) {
  if (ads.length === 0) return null;
  return (
    <section className="home-section" data-testid={testId} aria-label={title}>
      {title && <SectionHead title={title} />}
      <div className={`ad-tiles is-${Math.min(ads.length, 4)}`}>
        {ads.map((ad, index) => {
          const image = <img src={ad.url} alt={ad.alt} loading="lazy" />;
          return (
            <div key={index} className="ad-tile">
              {ad.link ? (
                <a href={ad.link} target="_blank" rel="noopener">
                  {image}
                </a>
              ) : (
                image
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}

/** The teacher team (when showteacher). */
export function TeacherTeam({ teachers }: { teachers: HomeSetting['teachers'] }) {
  const t = useT();
  if (teachers.length === 0) return null;
  return (
    <section className="home-section" data-testid="home-teachers" aria-label={t('home.teachers')}>
      <SectionHead title={t('home.teachers')} />
      <ul className="teacher-list">
        {teachers.map((teacher, index) => {
          const body = (
            <>
              {teacher.url ? (
                <img className="teacher-photo" src={teacher.url} alt="" loading="lazy" />
              ) : (
                <Avatar name={teacher.name} size={96} />
              )}
              <span className="teacher-name">{teacher.name}</span>
            </>
          );
          return (
            <li key={index} className="teacher">
              {teacher.link ? (
                <a href={teacher.link} target="_blank" rel="noopener">
                  {body}
                </a>
              ) : (
                body
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The news block (mobile): the first 5 published articles (spec 9: page 1, num 5, status 1). */
export function NewsBlock() {
  const t = useT();
  const locale = useLocale();
  const boot = useBootstrap();
  const { data } = useArticles(boot.hashUID, 1, HOME_ARTICLES_NUM);
  // Room for the block while the articles load, so the sections below do not jump down when it comes (layout shift).
  if (!data) return <div className="home-news-placeholder" aria-hidden="true" />;
  if (data.list.length === 0) return null;
  return (
    <section className="home-section home-news" data-testid="home-news" aria-label={t('articles.title')}>
      <SectionHead title={t('articles.title')} more={ROUTES.articleList} />
      <ul className="news-list">
        {data.list.map((article) => (
          <li key={article.aid}>
            <SiteLink to={`/articledesc/${article.aid}`} className="news-item">
              {article.pinned && <span className="badge">{t('articles.pinned')}</span>}
              <span className="news-title">{article.title}</span>
              <time className="news-date">{formatDate(article.created, DATE_PATTERNS[locale].date)}</time>
            </SiteLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
