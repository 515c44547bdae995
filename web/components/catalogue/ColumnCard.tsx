import { filterTitle, priceLabel } from '../../../shared/rules/text';
import type { ColumnCard as Column } from '../../../shared/schemas/columns';
import { useLocale, useT } from '../../i18n';
import { CourseCover } from './CourseCover';
import { columnHref } from './links';

/** A column (course bundle) card: cover, title, course count, subscribers and price. */
export function ColumnCard({
  column,
  mobile,
  featured = false,
  showPrice = true,
}: {
  column: Column;
  mobile: boolean;
  featured?: boolean;
  showPrice?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const price = showPrice ? priceLabel(column.actual, { mobile }, locale) : null;
  return (
    <a
      className={`column-card${featured ? ' is-featured' : ''}`}
      href={columnHref(column.code)}
      data-testid="column-card"
      title={column.title}
    >
      <div className="course-card-media">
        <CourseCover img={column.img} title={column.title} seed={column.coid} />
        <span className="card-badge">{t('catalogue.badge.column')}</span>
      </div>
      <div className="course-card-body">
        <h3 className="course-card-title">{filterTitle(column.title)}</h3>
        <div className="course-card-meta">
          <span className="course-card-learners">
            {t('column.courseCount', { n: column.course_count })} · {t('column.subscribers', { n: column.book_count })}
          </span>
          {price && <span className={`course-card-price${column.actual > 0 ? '' : ' is-free'}`}>{price}</span>}
        </div>
      </div>
    </a>
  );
}
