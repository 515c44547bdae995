import { creditTenths, formatCredit } from '../../../shared/rules/study-credits';
import type { ReactNode, Ref } from 'react';
import { formatDuration, formatPrice } from '../../../shared/rules/text';
import type { CourseInfo } from '../../../shared/schemas/courses';
import { CourseCover } from '../../components/catalogue/CourseCover';
import { useCourseBadge } from '../../components/catalogue/CourseCard';
import { ShareLinks } from '../../components/catalogue/Share';
import { useLocale, useT } from '../../i18n';
import { validityText } from './course-text';

/** Price, original price and discount label (spec 4 'Discount'): free courses say so. */
export function PriceLine({ actual, price, discount }: { actual: number; price: number; discount: string | null }) {
  const t = useT();
  if (actual <= 0) return <span className="intro-price is-free">{t('catalogue.free')}</span>;
  return (
    <span className="intro-price-line">
      <span className="intro-price" data-testid="intro-price">
        {formatPrice(actual)}
      </span>
      {discount && (
        <>
          <s className="intro-original">{formatPrice(price)}</s>
          <span className="intro-discount" data-testid="discount">
            {discount}
          </span>
        </>
      )}
    </span>
  );
}

/** The header block of the course intro page: cover, title, price and discount, validity, learners, main button and bookmark. */
export function CourseHero({
  course,
  mobile,
  actions,
  heroRef,
}: {
  course: CourseInfo;
  mobile: boolean;
  actions: ReactNode;
  heroRef: Ref<HTMLElement>;
}) {
  const t = useT();
  const locale = useLocale();
  const badge = useCourseBadge(course.type);
  const facts = [
    t('catalogue.learners', { n: course.lcount }),
    course.duration > 0 ? t('course.duration', { time: formatDuration(course.duration, locale) }) : null,
    // Issue 18: the study credits completing the course earns (shared/rules/study-credits).
    course.credit > 0 ? t('course.credit', { credit: formatCredit(creditTenths(course.credit)) }) : null,
  ].filter(Boolean);
  return (
    <section ref={heroRef} className={`intro-hero${mobile ? ' is-mobile' : ''}`} data-testid="course-hero">
      <div className="intro-cover">
        <CourseCover img={course.img} title={course.title} seed={course.coid} />
        {badge && <span className="card-badge">{badge}</span>}
      </div>
      <div className="intro-hero-body">
        <h1 className="intro-title">{course.title}</h1>
        <p className="intro-facts">{facts.join(' · ')}</p>
        <div className={`intro-price-box${course.actual > 0 ? '' : ' is-free'}`}>
          <PriceLine actual={course.actual} price={course.price} discount={course.discount?.label ?? null} />
        </div>
        <p className="intro-validity" data-testid="validity">
          <span className="intro-validity-label">{t('course.validity')}</span>
          {validityText(course, t, locale)}
          {course.renew && (
            <span className="badge intro-renew" data-testid="renew">
              {t('course.renewable')}
            </span>
          )}
        </p>
        {!mobile && <div className="intro-actions">{actions}</div>}
        {!mobile && <ShareLinks title={course.title} coid={course.coid} />}
      </div>
    </section>
  );
}
