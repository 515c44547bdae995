import { useState } from 'react';
import { DATE_PATTERNS, formatDate } from '../../../shared/rules/dates';
import { useBootstrap } from '../../bootstrap';
import { SiteLink } from '../../components/layout/SiteLink';
import { Loading } from '../../components/Loading';
import { useArticles } from '../../hooks/useCatalogue';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useLocale, useT } from '../../i18n';

/** Articles a page of the list. */
export const ARTICLES_PAGE_SIZE = 10;

/** The article list (#/articlelist): title, image, date and summary, pinned first (the server's order). */
export default function ArticleListPage() {
  const t = useT();
  const locale = useLocale();
  const boot = useBootstrap();
  const mobile = useIsMobile();
  const [page, setPage] = useState(1);
  const { data, error } = useArticles(boot.hashUID, page, ARTICLES_PAGE_SIZE);
  const pages = data ? Math.max(1, Math.ceil(data.total / ARTICLES_PAGE_SIZE)) : 1;
  return (
    <div className={`articles${mobile ? ' is-mobile' : ''}`} data-testid="article-list">
      <h1 className="page-title articles-title">{t('articles.title')}</h1>
      {error ? (
        <p className="catalogue-empty">{t('common.networkError')}</p>
      ) : !data ? (
        <Loading />
      ) : data.list.length === 0 ? (
        <p className="catalogue-empty">{t('articles.none')}</p>
      ) : (
        <ul className="article-items">
          {data.list.map((article) => (
            <li key={article.aid}>
              <SiteLink to={`/articledesc/${article.aid}`} className="article-item">
                {article.img && <img className="article-image" src={article.img} alt="" loading="lazy" />}
                <span className="article-text">
                  <span className="article-title">
                    {article.pinned && <span className="badge">{t('articles.pinned')}</span>}
                    {article.title}
                  </span>
                  {article.summary && <span className="article-summary">{article.summary}</span>}
                  <time className="article-date">{formatDate(article.created, DATE_PATTERNS[locale].date)}</time>
                </span>
              </SiteLink>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <div className="pager">
          <button type="button" className="btn btn-small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('articles.previous')}
          </button>
          <span>{t('articles.page', { page, pages })}</span>
          <button type="button" className="btn btn-small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('articles.next')}
          </button>
        </div>
      )}
    </div>
  );
}
