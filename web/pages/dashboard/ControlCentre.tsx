import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { formatDate, formatDateMinutes, DATE_PATTERNS } from '../../../shared/rules/dates';
import { remainingValidityText } from '../../../shared/rules/expiring';
import { filterTitle, formatDuration } from '../../../shared/rules/text';
import type { ControlCentre as Centre } from '../../../shared/schemas/dashboard';
import type { ExamItem } from '../../../shared/schemas/exams';
import { useBootstrap } from '../../bootstrap';
import { learnHref } from '../../components/catalogue/links';
import { Loading } from '../../components/Loading';
import { SiteLink } from '../../components/layout/SiteLink';
import { NoticeBadge } from '../../components/notices/NoticeBell';
import { useControlCentre } from '../../hooks/useDashboard';
import { useLocale, useT } from '../../i18n';
import { DASHBOARD_ROUTES, ROUTES } from '../../paths';
import { ExamGoButton } from '../exams/ExamCard';
import { planHref } from '../learn/links';
import { coursePageHref } from '../mycourse/MyCourseCard';
import { WeekChart } from './WeekChart';

/** A screen of the student site: a dashboard route on desktop, a school route (SiteLink) on the phone. */
type Target = { dash: string } | { site: string };

function To({ to, className, children }: { to: Target; className: string; children: ReactNode }) {
  if ('dash' in to)
    return (
      <NavLink to={to.dash} className={className}>
        {children}
      </NavLink>
    );
  return (
    <SiteLink to={to.site} className={className}>
      {children}
    </SiteLink>
  );
}

/** A block of the control centre: a title, its items (or the empty text) and 'See all (n)' when there are more. */
function Block(props: {
  id: string;
  title: string;
  total: number;
  shown: number;
  empty: string;
  more?: Target;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <section className="cc-block" aria-labelledby={`cc-${props.id}`} data-testid={`cc-block-${props.id}`}>
      <h3 id={`cc-${props.id}`} className="cc-block-title">
        {props.title}
      </h3>
      {props.total === 0 ? <p className="cc-empty">{props.empty}</p> : <ul className="cc-list">{props.children}</ul>}
      {props.more && props.total > props.shown && (
        <To to={props.more} className="cc-more">
          {t('dashboard.more', { count: props.total })}
        </To>
      )}
    </section>
  );
}

function ExamRow({ exam, locale }: { exam: ExamItem; locale: ReturnType<typeof useLocale> }) {
  const t = useT();
  return (
    <li className="cc-item" data-testid="cc-exam">
      <span className="cc-item-main">
        <span className="cc-item-title">{filterTitle(exam.title)}</span>
        <span className="cc-item-line">
          {exam.closesAt === null
            ? t('dashboard.exams.noClose')
            : t('dashboard.exams.closes', { time: formatDateMinutes(exam.closesAt, locale) })}
        </span>
      </span>
      <ExamGoButton exam={exam} target={{ examId: exam.id }} from="dashboard" className="btn btn-small btn-primary" />
    </li>
  );
}

/**
 * The control centre (spec 2 'Dashboard (controller) children' controlle; issue 18): this week's study with a
 * bar per day, courses in progress with the next chapter, required courses and plans with their deadlines,
 * exams to sit, almost-expiring courses and the unread counts; each item a link to where the student acts.
 * The dashboard's default screen on desktop, the top of the personal centre on a phone (mobile).
 */
export function ControlCentre({ mobile }: { mobile: boolean }) {
  const t = useT();
  const locale = useLocale();
  const boot = useBootstrap();
  const { data, error } = useControlCentre();
  if (error && !data) return <p role="alert">{t('dashboard.control.loadFailed')}</p>;
  if (!data) return <Loading />;
  const c: Centre = data;
  const site = (route: string): Target => ({ site: route });
  const myCourses: Target = mobile ? site(ROUTES.myCourseMobile) : { dash: DASHBOARD_ROUTES.course };
  const examsMore: Target = mobile
    ? site(ROUTES.myExam)
    : boot.examModel
      ? { dash: DASHBOARD_ROUTES.myExam }
      : site(ROUTES.exams);
  const date = (ms: number) => formatDate(ms, DATE_PATTERNS[locale].date);
  return (
    <div className={`cc${mobile ? ' cc-mobile' : ''}`} data-testid="control-centre">
      <section className="cc-block cc-week" aria-labelledby="cc-week" data-testid="cc-week">
        <h3 id="cc-week" className="cc-block-title">
          {t('dashboard.week.title')}
        </h3>
        <p className="cc-week-total" data-testid="cc-week-total" data-seconds={c.week.seconds}>
          {t('dashboard.week.total', { time: formatDuration(c.week.seconds, locale) })}
        </p>
        <WeekChart week={c.week} today={c.today} />
        {!mobile && c.ranking && (
          <NavLink to={DASHBOARD_ROUTES.rank} className="cc-more" data-testid="cc-rank-link">
            {t('dashboard.rank.entry')}
          </NavLink>
        )}
      </section>
      <Block
        id="progress"
        title={t('dashboard.inProgress.title')}
        total={c.inProgress.total}
        shown={c.inProgress.list.length}
        empty={t('dashboard.inProgress.empty')}
        more={myCourses}
      >
        {c.inProgress.list.map((course) => (
          <li key={course.coid} className="cc-item" data-testid="cc-course" data-coid={course.coid}>
            <span className="cc-item-main">
              <span className="cc-item-title">{filterTitle(course.title)}</span>
              <span className="mc-progress">
                <span className="mc-bar" aria-hidden="true">
                  <span style={{ width: `${Math.max(0, Math.min(100, course.process))}%` }} />
                </span>
                <span className="cc-item-line">{t('learnRules.learningProgress', { process: course.process })}</span>
              </span>
            </span>
            <a
              className="cc-go"
              href={
                course.next?.learnType
                  ? learnHref(course.code, course.next.cid, course.next.learnType)
                  : coursePageHref(course.code)
              }
              data-testid="cc-next"
            >
              {course.next
                ? t('dashboard.inProgress.next', { title: filterTitle(course.next.title, 20) })
                : t('dashboard.inProgress.done')}
            </a>
          </li>
        ))}
      </Block>
      <Block
        id="required"
        title={t('dashboard.required.title')}
        total={c.required.total}
        shown={c.required.list.length}
        empty={t('dashboard.required.empty')}
        more={myCourses}
      >
        {c.required.list.map((course) => (
          <li key={course.coid} className="cc-item" data-testid="cc-required" data-coid={course.coid}>
            <span className="cc-item-main">
              <span className="cc-item-title">{filterTitle(course.title)}</span>
              <span className="cc-item-line">
                {course.deadline === null
                  ? t('dashboard.required.noDeadline')
                  : t('dashboard.required.deadline', { date: date(course.deadline) })}
                {' · '}
                {t('learnRules.learningProgress', { process: course.process })}
              </span>
            </span>
            <a
              className="cc-go"
              href={course.type === 3 ? planHref(boot, course.coid) : coursePageHref(course.code)}
              data-testid="cc-required-link"
            >
              {t('dashboard.open')}
            </a>
          </li>
        ))}
      </Block>
      <Block
        id="exams"
        title={t('dashboard.exams.title')}
        total={c.exams.total}
        shown={c.exams.list.length}
        empty={t('dashboard.exams.empty')}
        more={examsMore}
      >
        {c.exams.list.map((exam) => (
          <ExamRow key={exam.id} exam={exam} locale={locale} />
        ))}
      </Block>
      <Block
        id="expiring"
        title={t('dashboard.expiring.title')}
        total={c.expiring.total}
        shown={c.expiring.list.length}
        empty={t('dashboard.expiring.empty')}
        more={site(ROUTES.almostExpire)}
      >
        {c.expiring.list.map((course) => (
          <li key={course.coid} className="cc-item" data-testid="cc-expiring" data-coid={course.coid}>
            <span className="cc-item-main">
              <span className="cc-item-title">{filterTitle(course.title)}</span>
              <span className="cc-item-line cc-warn">
                {remainingValidityText({ kind: 'left', tips: course.timeTips }, locale)}
              </span>
            </span>
            <a className="cc-go" href={coursePageHref(course.code)} data-testid="cc-expiring-link">
              {t('dashboard.open')}
            </a>
          </li>
        ))}
      </Block>
      <section className="cc-block" aria-labelledby="cc-unread" data-testid="cc-unread">
        <h3 id="cc-unread" className="cc-block-title">
          {t('dashboard.unread.title')}
        </h3>
        <SiteLink to={ROUTES.systemNotice} className="cc-unread-row">
          <span>{t('dashboard.unread.notices')}</span>
          <NoticeBadge count={c.unread.notices} />
        </SiteLink>
        <SiteLink to={ROUTES.privateMessage} className="cc-unread-row">
          <span>{t('dashboard.unread.messages')}</span>
          <NoticeBadge count={c.unread.messages} />
        </SiteLink>
      </section>
    </div>
  );
}
