import { useState } from 'react';
import { HOME_LIMITS, type HomeSetting } from '../../../../shared/schemas/home-setting';
import { useT } from '../../../i18n';
import { CategorySelect } from '../../components/CategorySelect';
import { Field } from '../../components/Field';
import { ImageField } from '../../components/ImageField';
import { moveItem, OrderButtons } from '../../components/OrderButtons';
import { findCategory, useCategories } from '../../hooks/useCatalogue';
import { ListEditor } from './ListEditor';
import type { SectionProps } from './BasicSections';

type Ad = HomeSetting['ads'][number];

/** Banners: desktop and mobile images, link, background colour. */
export function BannersSection({ setting, change, errors }: SectionProps) {
  const t = useT();
  return (
    <ListEditor
      testId="banners"
      items={setting.banners}
      onChange={(banners) => change({ banners })}
      make={() => ({ url: '', urlmoblie: '', link: '', bgc: '' })}
      max={HOME_LIMITS.banners}
      addLabel={t('admin.home.addBanner')}
      itemLabel={(n) => t('admin.home.bannerN', { n })}
      render={(banner, update, index) => (
        <>
          <Field
            label={t('admin.home.bannerUrl')}
            error={errors[`banners.${index}.url`]}
            name={`banners.${index}.url`}
            wide
          >
            <ImageField value={banner.url} onChange={(url) => update({ url })} />
          </Field>
          <Field
            label={t('admin.home.bannerMobile')}
            error={errors[`banners.${index}.urlmoblie`]}
            name={`banners.${index}.urlmoblie`}
            wide
          >
            <ImageField value={banner.urlmoblie} onChange={(urlmoblie) => update({ urlmoblie })} />
          </Field>
          <Field label={t('admin.home.link')} error={errors[`banners.${index}.link`]} name={`banners.${index}.link`}>
            <input
              type="text"
              inputMode="url"
              value={banner.link}
              placeholder="https://"
              onChange={(event) => update({ link: event.target.value })}
            />
          </Field>
          <Field
            label={t('admin.home.bgc')}
            error={errors[`banners.${index}.bgc`]}
            name={`banners.${index}.bgc`}
            hint={t('admin.home.bgcHint')}
          >
            <input
              type="text"
              value={banner.bgc ?? ''}
              placeholder="#387dfe"
              onChange={(event) => update({ bgc: event.target.value })}
            />
          </Field>
        </>
      )}
    />
  );
}

/** Ads and recommended ads: image, link, alternative text. */
export function AdsSection({ setting, change, errors, which }: SectionProps & { which: 'ads' | 'recommends' }) {
  const t = useT();
  return (
    <ListEditor<Ad>
      testId={which}
      items={setting[which]}
      onChange={(items) => change({ [which]: items })}
      make={() => ({ url: '', link: '', alt: '' })}
      max={HOME_LIMITS[which]}
      addLabel={which === 'ads' ? t('admin.home.addAd') : t('admin.home.addRecommend')}
      itemLabel={(n) => (which === 'ads' ? t('admin.home.adN', { n }) : t('admin.home.recommendN', { n }))}
      render={(ad, update, index) => (
        <>
          <Field
            label={t('admin.home.image')}
            error={errors[`${which}.${index}.url`]}
            name={`${which}.${index}.url`}
            wide
          >
            <ImageField value={ad.url} onChange={(url) => update({ url })} />
          </Field>
          <Field label={t('admin.home.link')} error={errors[`${which}.${index}.link`]} name={`${which}.${index}.link`}>
            <input
              type="text"
              inputMode="url"
              value={ad.link}
              placeholder="https://"
              onChange={(event) => update({ link: event.target.value })}
            />
          </Field>
          <Field label={t('admin.home.alt')} error={errors[`${which}.${index}.alt`]} name={`${which}.${index}.alt`}>
            <input value={ad.alt} maxLength={100} onChange={(event) => update({ alt: event.target.value })} />
          </Field>
        </>
      )}
    />
  );
}

/** The teacher team: name, photo, link. */
export function TeachersSection({ setting, change, errors }: SectionProps) {
  const t = useT();
  return (
    <ListEditor
      testId="teachers"
      items={setting.teachers}
      onChange={(teachers) => change({ teachers })}
      make={() => ({ name: '', url: '', link: '' })}
      max={HOME_LIMITS.teachers}
      addLabel={t('admin.home.addTeacher')}
      itemLabel={(n) => t('admin.home.teacherN', { n })}
      render={(teacher, update, index) => (
        <>
          <Field
            label={t('admin.home.teacherName')}
            error={errors[`teachers.${index}.name`]}
            name={`teachers.${index}.name`}
          >
            <input value={teacher.name} maxLength={50} onChange={(event) => update({ name: event.target.value })} />
          </Field>
          <Field label={t('admin.home.link')} error={errors[`teachers.${index}.link`]} name={`teachers.${index}.link`}>
            <input
              type="text"
              inputMode="url"
              value={teacher.link}
              placeholder="https://"
              onChange={(event) => update({ link: event.target.value })}
            />
          </Field>
          <Field
            label={t('admin.home.photo')}
            error={errors[`teachers.${index}.url`]}
            name={`teachers.${index}.url`}
            wide
          >
            <ImageField value={teacher.url} onChange={(url) => update({ url })} />
          </Field>
        </>
      )}
    />
  );
}

/** Category pickers: which categories get a home-page section (showgroups), and the catalogue's entries (catesetting). */
export function CategoriesSection({ setting, change, errors }: SectionProps) {
  const t = useT();
  const { tree } = useCategories();
  const [group, setGroup] = useState('0');
  const [entry, setEntry] = useState('0');
  const titleOf = (catid: string) =>
    catid === '0'
      ? t('admin.home.allCourses')
      : (findCategory(tree, catid)?.title ?? t('admin.home.missingCategory', { catid }));
  const groups = setting.showgroups;
  const entries = setting.catesetting;

  return (
    <div className="ac-stack">
      <div className="ac-subsection" data-field="showgroups">
        <h3 className="ac-subtitle">{t('admin.home.showgroups')}</h3>
        <p className="ac-hint">{t('admin.home.showgroupsHint')}</p>
        <ol className="ac-sortable">
          {groups.map((catid, index) => (
            <li key={catid} className="ac-sortable-row">
              <span className="ac-sortable-title">{titleOf(catid)}</span>
              <span className="ac-row-actions">
                <OrderButtons
                  index={index}
                  count={groups.length}
                  label={titleOf(catid)}
                  onMove={(to) => change({ showgroups: moveItem(groups, index, to) })}
                />
                <button
                  type="button"
                  className="btn btn-small btn-text"
                  onClick={() => change({ showgroups: groups.filter((id) => id !== catid) })}
                >
                  {t('admin.common.remove')}
                </button>
              </span>
            </li>
          ))}
        </ol>
        <div className="ac-inline-form">
          <CategorySelect
            tree={tree}
            value={group}
            onChange={setGroup}
            rootLabel={t('admin.home.pickCategory')}
            disabledIds={groups}
            aria-label={t('admin.home.pickCategory')}
          />
          <button
            type="button"
            className="btn btn-small"
            disabled={group === '0' || groups.includes(group) || groups.length >= HOME_LIMITS.showgroups}
            onClick={() => {
              change({ showgroups: [...groups, group] });
              setGroup('0');
            }}
          >
            {t('admin.home.addSection')}
          </button>
        </div>
        {errors.showgroups && <p className="ac-error">{errors.showgroups}</p>}
      </div>

      <div className="ac-subsection" data-field="catesetting">
        <h3 className="ac-subtitle">{t('admin.home.catesetting')}</h3>
        <p className="ac-hint">{t('admin.home.catesettingHint')}</p>
        <ol className="ac-sortable">
          {entries.map((item, index) => (
            <li key={`${item.catid}-${index}`} className="ac-sortable-row">
              <span className="ac-muted ac-cate-source">{titleOf(item.catid)}</span>
              <input
                className="ac-inline-input"
                value={item.title}
                maxLength={30}
                aria-label={t('admin.home.entryTitle')}
                aria-invalid={!!errors[`catesetting.${index}.title`] || undefined}
                onChange={(event) =>
                  change({
                    catesetting: entries.map((other, at) =>
                      at === index ? { ...other, title: event.target.value } : other,
                    ),
                  })
                }
              />
              <span className="ac-row-actions">
                <OrderButtons
                  index={index}
                  count={entries.length}
                  label={item.title}
                  onMove={(to) => change({ catesetting: moveItem(entries, index, to) })}
                />
                <button
                  type="button"
                  className="btn btn-small btn-text"
                  onClick={() => change({ catesetting: entries.filter((_, at) => at !== index) })}
                >
                  {t('admin.common.remove')}
                </button>
              </span>
              {errors[`catesetting.${index}.title`] && (
                <p className="ac-error">{errors[`catesetting.${index}.title`]}</p>
              )}
            </li>
          ))}
        </ol>
        <div className="ac-inline-form">
          <CategorySelect
            tree={tree}
            value={entry}
            onChange={setEntry}
            rootLabel={t('admin.home.allCourses')}
            aria-label={t('admin.home.pickCategory')}
          />
          <button
            type="button"
            className="btn btn-small"
            disabled={entries.length >= HOME_LIMITS.catesetting || entries.some((item) => item.catid === entry)}
            onClick={() => change({ catesetting: [...entries, { catid: entry, title: titleOf(entry).slice(0, 30) }] })}
          >
            {t('admin.home.addEntry')}
          </button>
        </div>
        {errors.catesetting && <p className="ac-error">{errors.catesetting}</p>}
      </div>
    </div>
  );
}
