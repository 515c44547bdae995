import { useEffect, useRef, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { columnMainButton, ownsColumn } from '../../../shared/rules/course-buttons';
import { isFree } from '../../../shared/rules/course-status';
import { columnCalls } from '../../../shared/calls/columns';
import type { ColumnInfo } from '../../../shared/schemas/columns';
import { request } from '../../api/client';
import { COLUMN_PAGE_SIZE } from '../../api/columns';
import { useBootstrap } from '../../bootstrap';
import { BookmarkButton, useBookmark } from '../../components/catalogue/Bookmark';
import { RedeemEntry } from '../../components/catalogue/RedeemEntry';
import { ColumnCard } from '../../components/catalogue/ColumnCard';
import { CourseCover } from '../../components/catalogue/CourseCover';
import { CourseGrid } from '../../components/catalogue/CourseCard';
import { FixedTopBar, MainButton, MobileActionBar, useTabsStayInView } from '../../components/catalogue/IntroChrome';
import { IntroTabs, type IntroTab } from '../../components/catalogue/IntroTabs';
import { courseHref } from '../../components/catalogue/links';
import { RichText } from '../../components/catalogue/RichText';
import { ShareButton, ShareLinks } from '../../components/catalogue/Share';
import { bookmarkRefusal, useActionGuard } from '../../components/catalogue/useActionGuard';
import { alert, toast } from '../../components/feedback';
import { Loading } from '../../components/Loading';
import { useColumnCollectStatus, useColumnInfo, useColumns } from '../../hooks/useCatalogue';
import { useIsMobile } from '../../hooks/useIsMobile';
import { MOBILE_TOP_BAR_PX, NAV_PX, useScrolledPastElement } from '../../hooks/useScrolledPastElement';
import { useLocale, useT } from '../../i18n';
import NotFoundPage from '../notFound';
import { useOrdering } from '../pay/useOrdering';
import { orderCalls } from '../../../shared/calls/orders';
import { fenPrice } from '../../../shared/rules/order-price';
import { useCall } from '../../hooks/useCall';
import { PriceLine } from '../course/CourseHero';
import { validityText } from '../course/course-text';

/** 当前专栏没有任何课程！ stays 2500 ms (spec 8, 9). */
const NO_COURSES_TOAST_MS = 2500;
/** Recommendations (猜您喜欢): one row of four. */
const RECOMMENDED = 4;

/** The column page (/u/column/{code} #/introduce/{tab}): column mode of the intro tabs, info and the course list. */
export default function ColumnPage() {
  const boot = useBootstrap();
  const { data, error } = useColumnInfo(boot.params.coid ?? '');
  const visited = useRef(false);
  useEffect(() => {
    if (visited.current || !boot.params.coid) return;
    visited.current = true;
    void request(columnCalls.visit, { body: { coid: boot.params.coid } });
  }, [boot.params.coid]);
  if (error) return <NotFoundPage />;
  if (!data) return <Loading />;
  return <Column info={data} />;
}

function Column({ info }: { info: ColumnInfo }) {
  const t = useT();
  const locale = useLocale();
  const boot = useBootstrap();
  const mobile = useIsMobile();
  const guard = useActionGuard();
  const order = useOrdering();
  const { tab = 'info' } = useParams();
  const heroRef = useRef<HTMLElement>(null);
  const { column, courses } = info;
  const discount = useCall(orderCalls.columnDiscount, column.actual > 0 ? { query: { id: column.coid } } : null);
  const [buy, setBuy] = useState({
    isBook: info.buy.isBook,
    infinite: info.buy.infinite,
    book_count: column.book_count,
  });
  const [busy, setBusy] = useState(false);
  const button = columnMainButton({ actual: column.actual, ...buy });
  const collect = useColumnCollectStatus(column.coid);
  const bookmark = useBookmark({
    initial: collect.data?.collect === 1,
    ownerId: boot.uid,
    send: (value) => request(columnCalls.collect, { body: { coid: column.coid, collect: value } }),
  });
  const recommended = useColumns(
    boot.model === 'yks' ? '' : boot.hashUID,
    boot.model === 'yks' ? null : '0',
    COLUMN_PAGE_SIZE.desktop,
  );
  const bodyRef = useRef<HTMLElement>(null);
  const barOffset = mobile ? (boot.isMiniprogram ? 0 : MOBILE_TOP_BAR_PX) : NAV_PX;
  const pastHero = useScrolledPastElement(heroRef, barOffset);
  useTabsStayInView(tab, bodyRef, pastHero, barOffset);
  // No comment tab in column mode: comments belong to courses (server/db/schema/comments.ts), so a
  // column's comments would only repeat its courses'; each course page has its own.
  const tabs: IntroTab[] = [
    { name: 'info', label: t('column.tab.info') },
    { name: 'chapter', label: t('column.tab.courses', { n: courses.length }) },
  ];

  useEffect(() => {
    document.title = `${column.title} - ${boot.schoolName}`;
  }, [column.title, boot.schoolName]);

  if (!tabs.some((item) => item.name === tab)) return <Navigate to="/introduce/info" replace />;

  const handleMain = async () => {
    if (busy) return;
    if (ownsColumn({ actual: column.actual, ...buy })) {
      const first = courses[0];
      if (!first) toast(t('column.noCourses'), NO_COURSES_TOAST_MS);
      else window.location.assign(courseHref(first, boot.hashUID));
      return;
    }
    if (!(await guard(bookmarkRefusal(boot, boot.uid)))) return;
    // A paid column is ordered (the order dialog and the pay page); a free one is subscribed at once.
    if (!isFree(column)) {
      await order({ kind: 'column', id: column.coid, title: column.title, actual: column.actual, price: column.price });
      return;
    }
    setBusy(true);
    const reply = await request(columnCalls.book, { body: { column_id: column.coid } });
    setBusy(false);
    if (reply.status === 'ok') {
      const result = reply.data;
      setBuy({ isBook: result.isBook, infinite: result.infinite, book_count: result.book_count });
      toast(t('column.subscribed'));
      return;
    }
    if (reply.error === 'column has no courses') toast(t('column.noCourses'), NO_COURSES_TOAST_MS);
    else if (reply.error === 'studentOnly') await alert({ text: t('errors.studentOnly') });
    else if (reply.error === 'no login') await guard('noLogin');
    else await alert({ text: reply.error });
  };

  const label = button.action === 'start' ? t('course.action.start') : t('column.subscribe');
  const mainButton = <MainButton label={label} disabled={busy} onClick={() => void handleMain()} />;
  const bookmarkButton = (
    <BookmarkButton collected={bookmark.collected} busy={bookmark.busy} onClick={() => void bookmark.toggle()} />
  );
  const others = (recommended.data?.list ?? []).filter((item) => item.coid !== column.coid).slice(0, RECOMMENDED);

  return (
    <div
      className={`intro${mobile ? ' is-mobile' : ''}${boot.isMiniprogram ? ' no-top-bar' : ''}`}
      data-testid="column-intro"
    >
      <section ref={heroRef} className={`intro-hero${mobile ? ' is-mobile' : ''}`}>
        <div className="intro-cover">
          <CourseCover img={column.img} title={column.title} seed={column.coid} />
          <span className="card-badge">{t('catalogue.badge.column')}</span>
        </div>
        <div className="intro-hero-body">
          <h1 className="intro-title">{column.title}</h1>
          <p className="intro-facts">
            {t('column.courseCount', { n: courses.length })} ·{' '}
            <span data-testid="book-count">{t('column.subscribers', { n: buy.book_count })}</span>
          </p>
          <div className={`intro-price-box${column.actual > 0 ? '' : ' is-free'}`}>
            <PriceLine actual={column.actual} price={column.price} discount={null} />
            {/* columndiscount: what the column saves against buying its courses one by one. */}
            {!buy.infinite && discount.data && discount.data.saved_fen > 0 && (
              <p className="intro-saving" data-testid="column-saving">
                {t('column.saving', { n: discount.data.courses.length, amount: fenPrice(discount.data.saved_fen) })}
              </p>
            )}
          </div>
          <p className="intro-validity">
            <span className="intro-validity-label">{t('course.validity')}</span>
            {buy.infinite || (isFree(column) && buy.isBook)
              ? t('column.owned')
              : validityText({ actual: column.actual, ce_type: column.ce_type, ce_time: column.ce_time }, t, locale)}
          </p>
          {!mobile && (
            <div className="intro-actions">
              {mainButton}
              {bookmarkButton}
            </div>
          )}
          {!mobile && <ShareLinks title={column.title} />}
        </div>
      </section>
      <RedeemEntry
        held={ownsColumn({ actual: column.actual, ...buy })}
        onDone={(_result, message) => void alert({ text: message }).then(() => window.location.reload())}
      />
      {!mobile && <FixedTopBar visible={pastHero} title={column.title} tabs={tabs} action={mainButton} />}
      <section ref={bodyRef} className="intro-body">
        <IntroTabs tabs={tabs} className={mobile ? 'is-sticky' : ''} />
        <div className="intro-panel" data-testid={`tab-${tab}`}>
          {tab === 'info' &&
            (column.description ? (
              <RichText html={column.description} className="intro-text" />
            ) : (
              <p className="catalogue-empty">{t('course.noDescription')}</p>
            ))}
          {tab === 'chapter' && (
            <CourseGrid
              courses={courses}
              mobile={mobile}
              newTab={false}
              layout={mobile ? 'list' : 'grid'}
              emptyText={t('column.noCourses')}
            />
          )}
        </div>
      </section>
      {others.length > 0 && (
        <section className="intro-related" data-testid="recommended" aria-labelledby="recommended-title">
          <h2 id="recommended-title" className="home-section-title">
            {t('column.recommended')}
          </h2>
          <div className={`course-grid is-grid${mobile ? ' is-mobile' : ''}`}>
            {others.map((item) => (
              <ColumnCard key={item.coid} column={item} mobile={mobile} />
            ))}
          </div>
        </section>
      )}
      {mobile && (
        <MobileActionBar>
          <ShareButton />
          {bookmarkButton}
          <MainButton label={label} disabled={busy} onClick={() => void handleMain()} className="m-action-main" />
        </MobileActionBar>
      )}
    </div>
  );
}
