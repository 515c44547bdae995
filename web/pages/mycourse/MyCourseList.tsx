import { useState } from 'react';
import { MY_COURSES_TYPES, type MyCoursesType } from '../../../shared/schemas/mycourses';
import { Loading } from '../../components/Loading';
import { SiteLink } from '../../components/layout/SiteLink';
import { useT } from '../../i18n';
import { courseListPath } from '../../paths';
import { MyCourseCard, myCourseCard } from './MyCourseCard';
import { useLoginOnNoLogin, useMyCourses } from './useMyCourses';

const FILTER_KEYS = {
  all: 'myCourses.filter.all',
  learning: 'myCourses.filter.learning',
  expired: 'myCourses.filter.expired',
} as const;

/**
 * The student's courses (GET getstucourse): filter tabs, the cards, an empty state and 'load more'.
 * A session that has ended goes to sign in.
 */
export function MyCourseList({ mobile }: { mobile: boolean }) {
  const t = useT();
  const [type, setType] = useState<MyCoursesType>('all');
  const list = useMyCourses(type, true);
  const leaving = useLoginOnNoLogin(list.error);

  let body;
  if (leaving || list.loading) body = <Loading />;
  else if (list.error) {
    body = (
      <div className="mc-empty" role="alert">
        <p>{t('myCourses.loadError')}</p>
        <button type="button" className="btn btn-small" onClick={list.retry}>
          {t('myCourses.retry')}
        </button>
      </div>
    );
  } else if (list.items.length === 0) {
    body = (
      <div className="mc-empty" data-testid="my-courses-empty">
        <p>{t(type === 'all' ? 'myCourses.empty' : 'myCourses.emptyFiltered')}</p>
        {type === 'all' && (
          <SiteLink to={courseListPath(0)} className="btn btn-primary btn-small">
            {t('myCourses.browse')}
          </SiteLink>
        )}
      </div>
    );
  } else {
    body = (
      <>
        <div className={mobile ? 'mc-list' : 'mc-grid'} data-testid="my-courses">
          {list.items.map((item) => (
            <MyCourseCard key={item.coid} course={myCourseCard(item)} />
          ))}
        </div>
        <div className="mc-more">
          {list.hasMore ? (
            <button
              type="button"
              className="btn"
              onClick={list.loadMore}
              disabled={list.loadingMore}
              data-testid="load-more"
            >
              {t(list.loadingMore ? 'myCourses.loadingMore' : 'myCourses.loadMore')}
            </button>
          ) : (
            <span className="page-muted">{t('myCourses.noMore')}</span>
          )}
        </div>
      </>
    );
  }

  return (
    <div className="my-courses">
      <div className="mc-toolbar">
        <div className="mc-tabs" role="tablist" aria-label={t('myCourses.filter')}>
          {MY_COURSES_TYPES.map((kind) => (
            <button
              key={kind}
              type="button"
              role="tab"
              aria-selected={type === kind}
              className={`mc-tab${type === kind ? ' is-active' : ''}`}
              onClick={() => setType(kind)}
            >
              {t(FILTER_KEYS[kind])}
            </button>
          ))}
        </div>
        {!list.loading && !list.error && (
          <span className="page-muted" data-testid="my-courses-count">
            {t('myCourses.count', { n: list.total })}
          </span>
        )}
      </div>
      {body}
    </div>
  );
}
