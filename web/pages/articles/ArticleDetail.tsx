import { useParams } from 'react-router';
import { DATE_PATTERNS, formatDate } from '../../../shared/rules/dates';
import { RichText } from '../../components/catalogue/RichText';
import { SiteLink } from '../../components/layout/SiteLink';
import { Loading } from '../../components/Loading';
import { useArticle } from '../../hooks/useCatalogue';
import { useLocale, useT } from '../../i18n';
import { ROUTES } from '../../paths';
import NotFoundPage from '../notFound';

/** An article (#/articledesc/:aid): title, date and the sanitised content. */
export default function ArticleDetailPage() {
  const t = useT();
  const locale = useLocale();
  const { aid = '' } = useParams();
  const { data, error } = useArticle(/^\d{1,20}$/.test(aid) ? aid : '');
  if (error || !/^\d{1,20}$/.test(aid)) return <NotFoundPage />;
  if (!data) return <Loading />;
  return (
    <article className="article card" data-testid="article">
      <SiteLink to={ROUTES.articleList} className="article-back">
        ‹ {t('articles.title')}
      </SiteLink>
      <h1 className="article-heading">{data.title}</h1>
      <p className="article-meta">{formatDate(data.created, DATE_PATTERNS[locale].dateTime)}</p>
      {data.img && <img className="article-cover" src={data.img} alt="" />}
      <RichText html={data.content} className="article-content" testId="article-content" />
    </article>
  );
}
