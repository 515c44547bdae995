import { useEffect, useState } from 'react';
import { homeSettingCalls } from '../../../../shared/calls/home-setting';
import type { MessageKey } from '../../../../shared/i18n';
import type { HomeSetting } from '../../../../shared/schemas/home-setting';
import { toast } from '../../../components/feedback';
import { request } from '../../../api/client';
import { useAdminProfile } from '../../../hooks/useAdminProfile';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText, fieldErrorsOf, fieldErrorsUnder } from '../../api/errors';
import { PageHeader } from '../../components/PageHeader';
import { useUnsavedChanges } from '../../hooks/useUnsavedChanges';
import { AboutSection, BrandSection, ContactSection, SocialSection, type SectionProps } from './BasicSections';
import { AdsSection, BannersSection, CategoriesSection, TeachersSection } from './ListSections';
import { Preview } from './Preview';

type SectionKey =
  | 'brand'
  | 'banners'
  | 'ads'
  | 'recommends'
  | 'teachers'
  | 'categories'
  | 'contact'
  | 'about'
  | 'social';
const SECTIONS: { key: SectionKey; label: MessageKey; fields: (keyof HomeSetting)[] }[] = [
  {
    key: 'brand',
    label: 'admin.home.sectionBrand',
    fields: [
      'userpagetitle',
      'userpagelogo',
      'showPrice',
      'showads',
      'showteacher',
      'showInformation',
      'show',
      'showbottom',
      'showAdminEntry',
    ],
  },
  { key: 'banners', label: 'admin.home.sectionBanners', fields: ['banners'] },
  { key: 'ads', label: 'admin.home.sectionAds', fields: ['ads'] },
  { key: 'recommends', label: 'admin.home.sectionRecommends', fields: ['recommends'] },
  { key: 'teachers', label: 'admin.home.sectionTeachers', fields: ['teachers'] },
  { key: 'categories', label: 'admin.home.sectionCategories', fields: ['showgroups', 'catesetting'] },
  {
    key: 'contact',
    label: 'admin.home.sectionContact',
    fields: ['phone', 'workday1', 'workday2', 'worktime1', 'worktime2'],
  },
  { key: 'about', label: 'admin.home.sectionAbout', fields: ['aboutustitle', 'aboutuscontent'] },
  {
    key: 'social',
    label: 'admin.home.sectionSocial',
    fields: ['weixinlink', 'weibolink', 'bloglink', 'qrcode', 'qrcodedetails', 'examorder', 'examsort'],
  },
];

/** The section holding an error path such as 'banners.0.url'. */
const sectionOf = (path: string): SectionKey =>
  SECTIONS.find((section) => section.fields.includes(path.split('.')[0] as keyof HomeSetting))?.key ?? 'brand';

/** The school home page settings (every key of the home setting) with a live preview of the unsaved values. */
export default function HomeSettingPage() {
  const t = useT();
  const { data: profile } = useAdminProfile();
  const { data, mutate } = useCall(homeSettingCalls.get, {}, { revalidateOnFocus: false });
  const [base, setBase] = useState<HomeSetting | null>(null);
  const [setting, setSetting] = useState<HomeSetting | null>(null);
  const [section, setSection] = useState<SectionKey>('brand');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (data && !base) {
      setBase(data.setting);
      setSetting(data.setting);
    }
  }, [data, base]);
  const dirty = !!base && !!setting && JSON.stringify(base) !== JSON.stringify(setting);
  useUnsavedChanges(dirty);

  if (!setting || !profile || !data) return null;

  const change = (patch: Partial<HomeSetting>) => {
    setSetting({ ...setting, ...patch });
    const touched = Object.keys(patch);
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([path]) => !touched.includes(path.split('.')[0]))),
    );
  };

  const handleSave = async () => {
    setSaving(true);
    const reply = await request(homeSettingCalls.save, { body: { setting } });
    setSaving(false);
    if (reply.status !== 'ok') {
      const found = fieldErrorsUnder(fieldErrorsOf(reply), 'setting.');
      setErrors(found);
      const first = Object.keys(found)[0];
      if (first) setSection(sectionOf(first));
      return toast(first ? t('admin.common.fixErrors') : failureText(t, reply));
    }
    await mutate(reply.data, { revalidate: false });
    setBase(reply.data.setting);
    setSetting(reply.data.setting);
    setErrors({});
    toast(t('admin.common.saved'));
  };

  const props: SectionProps = { setting, change, errors };
  const hasError = (key: SectionKey) => Object.keys(errors).some((path) => sectionOf(path) === key);

  return (
    <div className="ac-page" data-testid="home-setting-page">
      <PageHeader title={t('admin.home.title')}>
        {data.updated && <span className="ac-muted">{t('admin.home.updated', { time: data.updated })}</span>}
        {dirty && <span className="ac-dirty">{t('admin.common.unsavedMark')}</span>}
        <button type="button" className="btn btn-small" disabled={!dirty || saving} onClick={() => setSetting(base)}>
          {t('admin.home.discard')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={!dirty || saving}
          onClick={() => void handleSave()}
          data-testid="save-home"
        >
          {saving ? t('admin.common.saving') : t('admin.common.save')}
        </button>
      </PageHeader>
      <div className="ac-home">
        <section className="card ac-card ac-home-form">
          <nav className="ac-tabs ac-tabs-wrap" aria-label={t('admin.home.sections')}>
            {SECTIONS.map((item) => (
              <button
                key={item.key}
                type="button"
                className={`ac-tab${section === item.key ? ' is-active' : ''}${hasError(item.key) ? ' has-error' : ''}`}
                aria-pressed={section === item.key}
                onClick={() => setSection(item.key)}
                data-section={item.key}
              >
                {t(item.label)}
              </button>
            ))}
          </nav>
          {section === 'brand' && <BrandSection {...props} />}
          {section === 'banners' && <BannersSection {...props} />}
          {section === 'ads' && <AdsSection {...props} which="ads" />}
          {section === 'recommends' && <AdsSection {...props} which="recommends" />}
          {section === 'teachers' && <TeachersSection {...props} />}
          {section === 'categories' && <CategoriesSection {...props} />}
          {section === 'contact' && <ContactSection {...props} />}
          {section === 'about' && <AboutSection {...props} />}
          {section === 'social' && <SocialSection {...props} />}
        </section>
        <Preview src={`/u/${profile.school.hashUID}`} setting={setting} />
      </div>
    </div>
  );
}
