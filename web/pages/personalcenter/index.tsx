import { useEffect, useState } from 'react';
import { useBootstrap } from '../../bootstrap';
import { Avatar } from '../../components/Avatar';
import { RedeemDialog } from '../../components/catalogue/RedeemDialog';
import { toast } from '../../components/feedback';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Loading } from '../../components/Loading';
import { SiteLink } from '../../components/layout/SiteLink';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useLoginState } from '../../hooks/useLoginState';
import { useLogout } from '../../hooks/useLogout';
import { useT } from '../../i18n';
import { ROUTES } from '../../paths';
import { loginHref, schoolRoutePath } from '../../urls';
import { RequiredFieldsNotice } from '../account/RequiredFieldsNotice';
// Issue 16: system notices and announcements.
import { AnnouncementList } from '../../components/notices/AnnouncementList';
import { NoticeBadge } from '../../components/notices/NoticeBell';
import { useUnreadCounts } from '../../hooks/useNotices';
import { myPlanShown } from '../../../shared/rules/dashboard';
// Issue 18: the control centre, in a phone layout.
import { ControlCentre } from '../dashboard/ControlCentre';

/**
 * Personal centre (#/personalcenter, the mobile Mine tab): the signed-in user's account, language and logout;
 * on a phone a student's control centre comes first (the dashboard's default screen sends phones here, spec 2
 * 'Page guards').
 */
export default function PersonalCenterPage() {
  const t = useT();
  const boot = useBootstrap();
  const handleLogout = useLogout();
  const { data } = useLoginState();
  const guest = boot.role === 'guest';
  const isMobile = useIsMobile();
  const [redeeming, setRedeeming] = useState(false);
  const unread = useUnreadCounts().data;

  useEffect(() => {
    if (guest) window.location.replace(loginHref(boot, schoolRoutePath(boot, ROUTES.personalCenter)));
  }, [guest, boot]);
  if (guest || !data) return <Loading />;

  const user = data.userData;
  const name = user.sname || user.uname;
  const rows: [string, string][] = [
    [t('login.username'), user.uname],
    [t('personal.lastVisit'), user.lastvisitDate],
    [t('personal.registered'), user.registerDate],
  ];
  return (
    <div className="personal">
      <section className="card personal-head" aria-labelledby="personal-title">
        <Avatar name={name} image={user.imageurl} size={64} />
        <div>
          <h1 id="personal-title" className="page-title">
            {name}
          </h1>
          <p className="page-muted">{boot.schoolName}</p>
        </div>
      </section>
      <RequiredFieldsNotice />
      {boot.role === 'student' && isMobile && (
        <section className="card" aria-labelledby="control-centre-title">
          <h2 id="control-centre-title" className="section-title">
            {t('dashboard.control.title')}
          </h2>
          <ControlCentre mobile />
        </section>
      )}
      <section className="card">
        <h2 className="section-title">{t('nav.personalCenter')}</h2>
        <dl className="info-list">
          {rows
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label} className="info-row">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
      </section>
      {boot.role === 'student' && (
        <nav className="card personal-entries" aria-labelledby="personal-entries-title" data-testid="personal-entries">
          <h2 id="personal-entries-title" className="section-title">
            {t('myCourses.personalEntries')}
          </h2>
          {/* My courses: mycourse_m on mobile (a desktop visitor of it goes to the dashboard), mycourse on desktop. */}
          <SiteLink to={isMobile ? ROUTES.myCourseMobile : ROUTES.myCourse} className="info-row personal-entry">
            {t('myCourses.title')}
          </SiteLink>
          <SiteLink to={ROUTES.systemNotice} className="info-row personal-entry">
            <span>{t('notice.title')}</span>
            <NoticeBadge count={unread?.notices ?? 0} />
          </SiteLink>
          <SiteLink to={ROUTES.almostExpire} className="info-row personal-entry">
            {t('learnRules.almostExpire')}
          </SiteLink>
          {/* My orders (myorder_m): hidden in the lan release (spec 2), shown in the online release. */}
          {boot.ver === 'online' && (
            <SiteLink to={ROUTES.myOrderMobile} className="info-row personal-entry">
              {t('orders.mine.title')}
            </SiteLink>
          )}
          {/* My points: mypoints_m (a desktop visitor goes on to the dashboard's controller/credit). */}
          <SiteLink to={ROUTES.myPointsMobile} className="info-row personal-entry">
            {t('points.title')}
          </SiteLink>
          {/* My notes (issue 16): desktop and phone. */}
          <SiteLink to={ROUTES.myNotes} className="info-row personal-entry">
            {t('notes.title')}
          </SiteLink>
          {/* My subscriptions and my bookmarks: phone pages; on desktop, the dashboard's mybook and collect. */}
          <SiteLink to={ROUTES.myBook} className="info-row personal-entry">
            {t('members.myBook')}
          </SiteLink>
          <SiteLink to={ROUTES.myCollect} className="info-row personal-entry">
            {t('members.myCollect')}
          </SiteLink>
          {/* Issue 18: my study plans (study/plan), where the dashboard's myplan sends a phone; the same rule. */}
          {myPlanShown(boot.examModel, boot.ver) && (
            <SiteLink to={ROUTES.studyPlan} className="info-row personal-entry">
              {t('plans.title')}
            </SiteLink>
          )}
          {/* My private messages (privatemessage): the same page on phone and desktop. */}
          <SiteLink to={ROUTES.privateMessage} className="info-row personal-entry">
            <span>{t('messages.title')}</span>
            <NoticeBadge count={unread?.messages ?? 0} />
          </SiteLink>
          {/* My information: myinformation_m on mobile, myinformation on desktop (profile, custom fields, avatar, password). */}
          <SiteLink
            to={isMobile ? ROUTES.myInformationMobile : ROUTES.myInformation}
            className="info-row personal-entry"
          >
            {t('account.menu.myInfo')}
          </SiteLink>
          <button
            type="button"
            className="info-row personal-entry personal-redeem"
            onClick={() => setRedeeming(true)}
            data-testid="open-redeem"
          >
            <span>{t('redeem.entry')}</span>
            <span className="page-muted">{t('redeem.entryHint')}</span>
          </button>
        </nav>
      )}
      {boot.role === 'student' && <AnnouncementList />}
      {redeeming && (
        <RedeemDialog
          mode="code"
          onClose={() => setRedeeming(false)}
          onDone={(_result, message) => {
            setRedeeming(false);
            toast(message, 6000);
          }}
        />
      )}
      <section className="card">
        <h2 className="section-title">{t('personal.settings')}</h2>
        {/* Issue 18: the phone's settings page (setting_m): avatar, password, language, logout. */}
        {isMobile && boot.role === 'student' && (
          <SiteLink to={ROUTES.settingMobile} className="info-row personal-entry">
            {t('personal.accountSettings')}
          </SiteLink>
        )}
        <div className="info-row">
          <span>{t('common.language')}</span>
          <LanguageSwitch />
        </div>
      </section>
      <button
        type="button"
        className="btn btn-danger-outline btn-block personal-logout"
        onClick={() => void handleLogout()}
      >
        {t('nav.logout')}
      </button>
    </div>
  );
}
