import { creditCalls } from '../../../shared/calls/credits';
import { DATE_PATTERNS, formatDate } from '../../../shared/rules/dates';
import { creditTenths, formatCredit } from '../../../shared/rules/study-credits';
import { Loading } from '../../components/Loading';
import { useCall } from '../../hooks/useCall';
import { useLocale, useT } from '../../i18n';
import { coursePageHref } from '../mycourse/MyCourseCard';

/** A credit as the page shows it: 2.5, 3 (read through tenths, so a sum never shows binary noise). */
const shown = (credit: number) => formatCredit(creditTenths(credit));

/**
 * The signed-in student's study credits (学分, shared/rules/study-credits): the total and each course that gave
 * them, with its credit and the day it was completed, newest first. Beside the points on the credit page.
 */
export function StudyCredits() {
  const t = useT();
  const locale = useLocale();
  const mine = useCall(creditCalls.mine, {});
  if (mine.error && !mine.data)
    return (
      <div className="pt-error" role="alert">
        <p>{t('points.credits.loadError')}</p>
        <button type="button" className="btn" onClick={() => void mine.mutate()}>
          {t('points.retry')}
        </button>
      </div>
    );
  if (!mine.data) return <Loading />;
  const { total, list } = mine.data;
  return (
    <section className="pt-credits" data-testid="study-credits" aria-labelledby="study-credits-courses">
      <dl className="pt-summary">
        <div className="pt-figure">
          <dt>{t('points.credits.total')}</dt>
          <dd data-testid="credits-total">{shown(total)}</dd>
        </div>
      </dl>
      <h2 id="study-credits-courses" className="section-title">
        {t('points.credits.courses')}
      </h2>
      {list.length === 0 ? (
        <p className="page-muted" data-testid="credits-empty">
          {t('points.credits.empty')}
        </p>
      ) : (
        <ul className="pt-rows">
          {list.map((row) => (
            <li key={row.coid} className="pt-row" data-testid="credits-row">
              <div>
                <p className="pt-reason">
                  <a href={coursePageHref(row.code)}>{row.title}</a>
                </p>
                <p className="page-muted">
                  {t('points.credits.completedOn', { date: formatDate(row.at, DATE_PATTERNS[locale].date) })}
                </p>
              </div>
              <span className="pt-credit">{t('points.credits.value', { credit: shown(row.credit) })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
