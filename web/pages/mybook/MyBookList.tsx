import { memberCalls } from '../../../shared/calls/members';
import { formatDate } from '../../../shared/rules/dates';
import type { StudentPlan } from '../../../shared/schemas/members';
import { CourseCover } from '../../components/catalogue/CourseCover';
import { RichText } from '../../components/catalogue/RichText';
import { columnHref } from '../../components/catalogue/links';
import { SiteLink } from '../../components/layout/SiteLink';
import { useCall } from '../../hooks/useCall';
import { useT } from '../../i18n';
import { courseListPath } from '../../paths';
import { useOrdering } from '../pay/useOrdering';

const day = (ms: number) => formatDate(ms, 'yyyy-MM-dd');

/**
 * My subscriptions (spec 2 mybook, the dashboard's controller/mybook): the student's current memberships (plan,
 * until, days left, a link to the course list of each of its categories), their subscribed columns, and the
 * school's published plans, each with Join (or Renew, from the current end) that orders it: the orders area's
 * confirm dialog, then the pay page.
 */
export function MyBookList() {
  const t = useT();
  const order = useOrdering();
  const buy = (plan: StudentPlan) =>
    order({
      kind: 'member',
      id: plan.id,
      title: plan.title,
      actual: plan.price_fen / 100,
      price: plan.price_fen / 100,
    });
  const book = useCall(memberCalls.mybook, {});
  const plans = useCall(memberCalls.plans, {});
  if (book.error)
    return (
      <p role="alert" className="page-muted">
        {t('members.loadError')}{' '}
        <button type="button" className="btn btn-small" onClick={() => void book.mutate()}>
          {t('members.retry')}
        </button>
      </p>
    );
  if (!book.data) return null;
  const { memberships, columns } = book.data;
  return (
    <div className="mb-sections">
      <section aria-labelledby="mb-memberships" data-testid="my-memberships">
        <h3 id="mb-memberships" className="section-title">
          {t('members.memberships')}
        </h3>
        {memberships.length === 0 && <p className="page-muted">{t('members.noMemberships')}</p>}
        <ul className="mb-list">
          {memberships.map((item) => (
            <li key={item.id} className="card mb-item" data-testid="my-membership" data-plan={item.plan_id}>
              <strong className="mb-title">{item.title}</strong>
              <p className="page-muted">
                {t('members.until', { date: day(item.until) })} · {t('members.remaining', { n: item.remaining_days })}
              </p>
              <p className="mb-links">
                {item.categories.map((category) => (
                  <SiteLink key={category.id} to={courseListPath(category.id)} className="btn btn-small btn-light">
                    {t('members.categoryCourses', { title: category.title })}
                  </SiteLink>
                ))}
              </p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="mb-columns" data-testid="my-columns">
        <h3 id="mb-columns" className="section-title">
          {t('members.columns')}
        </h3>
        {columns.length === 0 && <p className="page-muted">{t('members.noColumns')}</p>}
        <ul className="mb-list">
          {columns.map((column) => (
            <li key={column.column_id} className="card mb-item mb-row" data-testid="my-column">
              <span className="mb-cover">
                <CourseCover img={column.img} title={column.title} seed={column.column_id} />
              </span>
              <strong className="mb-title">{column.title}</strong>
              <a className="btn btn-small btn-primary" href={columnHref(column.code)}>
                {t('members.openColumn')}
              </a>
            </li>
          ))}
        </ul>
      </section>
      {plans.data && plans.data.list.length > 0 && (
        <section aria-labelledby="mb-plans" data-testid="member-plans">
          <h3 id="mb-plans" className="section-title">
            {t('members.plans')}
          </h3>
          <ul className="mb-list">
            {plans.data.list.map((plan) => (
              <li key={plan.id} className="card mb-item" data-testid="member-plan">
                <strong className="mb-title">{plan.title}</strong>
                <p className="page-muted">
                  {t('members.planPrice', { price: plan.price, days: plan.days })} ·{' '}
                  {t('members.planCourses', { n: plan.course_count })}
                </p>
                {plan.until !== null && <p>{t('members.planHeld', { date: day(plan.until) })}</p>}
                {plan.description && <RichText html={plan.description} className="mb-description" />}
                {plan.price_fen > 0 && (
                  <button
                    type="button"
                    className="btn btn-small btn-primary"
                    onClick={() => void buy(plan)}
                    data-testid="buy-plan"
                  >
                    {plan.until === null ? t('members.join') : t('members.renew')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
