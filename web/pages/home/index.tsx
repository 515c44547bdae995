import { HOME_COURSES_NUM } from '../../api/catalogue';
import { useBootstrap } from '../../bootstrap';
import { SearchBox } from '../../components/layout/SearchBox';
import { Loading } from '../../components/Loading';
import { useCategoryTree, useCoursesByCategory, useTags } from '../../hooks/useCatalogue';
import { useHomeSetting } from '../../hooks/useHomeSetting';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useT } from '../../i18n';
import { AdTiles, BannerCarousel, HomeHero, NewsBlock, TeacherTeam } from './HomeBlocks';
import { CategorySections, ColumnSection, TagSections } from './HomeSections';

/**
 * The school home page (spec 2): banners, ads, course sections by category, recommended ads, columns,
 * tag sections, the teacher team and (mobile) the news block, all from the school's home setting; a
 * welcome block instead of the banners when there are none.
 */
export default function HomePage() {
  const t = useT();
  const boot = useBootstrap();
  const mobile = useIsMobile();
  const { setting } = useHomeSetting();
  const tree = useCategoryTree(boot.hashUID);
  const courses = useCoursesByCategory(boot.hashUID, '0', HOME_COURSES_NUM);
  const tags = useTags(boot.hashUID);

  if (!setting || (!courses.data && !courses.error)) return <Loading />;
  const list = courses.data?.courseData ?? [];
  const hasBanners = setting.banners.some((banner) => (mobile ? banner.urlmoblie || banner.url : banner.url));

  return (
    <div className={`home${mobile ? ' is-mobile' : ''}`} data-testid="home">
      {mobile && <SearchBox className="home-search" />}
      <HomeHero empty={list.length === 0} visible={!hasBanners} />
      <BannerCarousel setting={setting} mobile={mobile} />
      {setting.showads && <AdTiles ads={setting.ads} testId="home-ads" />}
      {mobile && <NewsBlock />}
      {tree.data && <CategorySections tree={tree.data.cates} courses={list} setting={setting} mobile={mobile} />}
      <AdTiles ads={setting.recommends} title={t('home.recommended')} testId="home-recommends" />
      <ColumnSection setting={setting} mobile={mobile} />
      {tags.data && <TagSections tags={tags.data.tags} setting={setting} mobile={mobile} />}
      {setting.showteacher && <TeacherTeam teachers={setting.teachers} />}
    </div>
  );
}
