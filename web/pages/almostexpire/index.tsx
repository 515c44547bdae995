import { timeTips } from '../../../shared/rules/expiring';
import { useBootstrap } from '../../bootstrap';
import { Loading } from '../../components/Loading';
import { PersonalPageHead } from '../../components/layout/PersonalPageHead';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useT } from '../../i18n';
import type * as z from 'zod';
import type { zExceedingCourse } from '../../../shared/schemas/records';
import { coursePageHref, MyCourseCard, type CardCourse } from '../mycourse/MyCourseCard';
import { useExceedingCourses, useLoginOnNoLogin } from '../mycourse/useMyCourses';
import { useStudentGuard } from '../mycourse/useStudentGuard';

type Exceeding = z.infer<typeof zExceedingCourse>;

/** A course of course/exceeding as a card: the time left in days, else hours, else minutes (spec 4 'Almost-expiring'). */
function exceedingCard(item: Exceeding): CardCourse {
  return {
    coid: item.coid,
    title: item.coid_title,
    img: item.img,
    remaining: { kind: 'left', tips: timeTips(item.remaining) },
    process: item.process,
    href: coursePageHref(item.code),
    action: item.process > 0 || item.complete_chapter > 0 ? 'myCourses.continue' : 'myCourses.start',
  };
}

/**
 * Almost-expiring courses (#/almostexpire, spec 2 'Almost-expiring courses page'): "Titled 即将过期课程. Back
 * arrow (to app.personalcenter), course list, loading bar." The list is GET course/exceeding: the student's
 * courses with 0 to 10 days of validity left, the soonest first.
 */
export default function AlmostExpirePage() {
  const t = useT();
  const boot = useBootstrap();
  const isMobile = useIsMobile();
  const allowed = useStudentGuard();
  const { data, error, isLoading, mutate } = useExceedingCourses(boot.userData.sid, allowed);
  const leaving = useLoginOnNoLogin(error);
  if (!allowed || leaving) return <Loading />;

  let body;
  if (isLoading) body = null;
  else if (error) {
    body = (
      <div className="mc-empty" role="alert">
        <p>{t('myCourses.loadError')}</p>
        <button type="button" className="btn btn-small" onClick={() => void mutate()}>
          {t('myCourses.retry')}
        </button>
      </div>
    );
  } else if (!data || data.courselist.length === 0) {
    body = (
      <div className="mc-empty" data-testid="almost-expire-empty">
        <p>{t('almostExpire.empty')}</p>
      </div>
    );
  } else {
    body = (
      <div className={isMobile ? 'mc-list' : 'mc-grid'} data-testid="almost-expire-list">
        {data.courselist.map((item) => (
          <MyCourseCard key={item.coid} course={exceedingCard(item)} />
        ))}
      </div>
    );
  }

  return (
    <section
      className={isMobile ? 'mc-page mc-page-mobile' : 'card mc-page'}
      aria-labelledby="almost-expire-title"
      aria-busy={isLoading}
    >
      <PersonalPageHead
        titleId="almost-expire-title"
        title={t('learnRules.almostExpire')}
        backLabel={t('almostExpire.back')}
      />
      {isLoading && (
        <div className="ae-loading-bar" role="progressbar" aria-label={t('common.loading')} data-testid="loading-bar" />
      )}
      <p className="page-muted ae-hint">{t('almostExpire.hint')}</p>
      {body}
    </section>
  );
}
