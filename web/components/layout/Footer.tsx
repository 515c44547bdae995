import { lazy, Suspense } from 'react';
import { FOOTER_FETCH_DELAY_MS } from '../../../shared/constants';
import type { MessageKey } from '../../../shared/i18n';
import type { HomeSetting } from '../../../shared/schemas/home-setting';
import { useBootstrap } from '../../bootstrap';
import { useHomeSetting } from '../../hooks/useHomeSetting';
import { useT } from '../../i18n';
import { LanguageSwitch } from '../LanguageSwitch';

// The about text is rich text: sanitised with DOMPurify, which loads only when there is some.
const RichText = lazy(() => import('../catalogue/RichText'));

const weekday = (day: number) => `weekday.${day}` as MessageKey;

function AboutText({ setting }: { setting: HomeSetting }) {
  if (!setting.aboutuscontent) return null;
  return (
    <Suspense fallback={null}>
      <RichText html={setting.aboutuscontent} className="footer-about-text" testId="footer-about" />
    </Suspense>
  );
}

/** Social links of the about block: micro-blogging, blog, and the messaging app's QR code on hover. */
function SocialLinks({ setting }: { setting: HomeSetting }) {
  const t = useT();
  if (!setting.weibolink && !setting.weixinlink && !setting.bloglink) return null;
  return (
    <ul className="footer-social">
      {setting.weibolink && (
        <li>
          <a href={setting.weibolink} target="_blank" rel="noopener">
            {t('footer.weibo')}
          </a>
        </li>
      )}
      {setting.weixinlink && (
        <li className="footer-weixin">
          <button type="button" className="footer-weixin-button" aria-describedby="footer-weixin-qr">
            {t('footer.weixin')}
          </button>
          <span className="footer-weixin-qr" id="footer-weixin-qr" role="tooltip">
            <img src={setting.weixinlink} alt={t('footer.weixin')} />
          </span>
        </li>
      )}
      {setting.bloglink && (
        <li>
          <a href={setting.bloglink} target="_blank" rel="noopener">
            {t('footer.blog')}
          </a>
        </li>
      )}
    </ul>
  );
}

/**
 * Desktop footer (spec 2 'Footer') from the school's home setting, fetched 1 s after load (or shared
 * with the page) and updated live by a 'homesetting' message: contact (phone, working days, hours),
 * about (title, sanitised content, social links), QR code with its caption; then the school line, the
 * language switch and the back-office entry (a new tab; hidden in yks mode or when showAdminEntry is off).
 * showbottom off hides the blocks, show off hides contact and about.
 */
export function Footer() {
  const t = useT();
  const boot = useBootstrap();
  const { setting } = useHomeSetting({ delayMs: FOOTER_FETCH_DELAY_MS });
  const yks = boot.model === 'yks';
  const school = boot.schoolName || t('app.name');
  const blocks = setting ? setting.showbottom : true;
  const phone = setting?.phone || boot.phone;
  const about = setting?.show && (setting.aboutustitle || setting.aboutuscontent);
  const adminEntry = !yks && (setting?.showAdminEntry ?? true);
  return (
    <footer className="d-footer" data-testid="footer">
      <div className="container d-footer-inner">
        {blocks && (phone || about || setting?.qrcode) && (
          <div className="footer-blocks">
            {phone && (!setting || setting.show) && (
              <section className="footer-block" data-testid="footer-contact">
                <h2>{t('footer.contact')}</h2>
                <p>{t('footer.phone', { phone })}</p>
                {setting && (
                  <>
                    <p>
                      {t('footer.workdays', { from: t(weekday(setting.workday1)), to: t(weekday(setting.workday2)) })}
                    </p>
                    <p>{t('footer.hours', { from: setting.worktime1, to: setting.worktime2 })}</p>
                  </>
                )}
              </section>
            )}
            {about && setting && (
              <section className="footer-block footer-about-block">
                <h2 data-testid="footer-about-title">{setting.aboutustitle || t('footer.about')}</h2>
                <AboutText setting={setting} />
                <SocialLinks setting={setting} />
              </section>
            )}
            {setting?.qrcode && (
              <section className="footer-block footer-qr" data-testid="footer-qr">
                <img src={setting.qrcode} alt={setting.qrcodedetails || t('footer.qrcode')} />
                {setting.qrcodedetails && <p>{setting.qrcodedetails}</p>}
              </section>
            )}
          </div>
        )}
        <div className="footer-bottom">
          <span className="footer-copy">{t('footer.copyright', { year: new Date().getFullYear(), school })}</span>
          <div className="footer-tools">
            <LanguageSwitch />
            {adminEntry && (
              <a
                className="footer-admin"
                href={boot.adminPath}
                target="_blank"
                rel="noopener"
                data-testid="admin-entry"
              >
                {t('footer.adminEntry')}
              </a>
            )}
          </div>
        </div>
      </div>
    </footer>
  );
}

/** Mobile footer: only the about title and content (spec 2), and the language switch. */
export function MobileFooter() {
  const { setting } = useHomeSetting({ delayMs: FOOTER_FETCH_DELAY_MS });
  const about = setting?.showbottom && setting.show && (setting.aboutustitle || setting.aboutuscontent);
  return (
    <footer className="m-footer" data-testid="footer">
      {about && setting && (
        <section className="m-footer-about">
          {setting.aboutustitle && <h2 data-testid="footer-about-title">{setting.aboutustitle}</h2>}
          <AboutText setting={setting} />
        </section>
      )}
      <LanguageSwitch />
    </footer>
  );
}
