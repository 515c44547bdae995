import { useMemo, useState, type ReactNode } from 'react';
import type { CategoryNode } from '../../../shared/schemas/categories';
import type { CourseCard } from '../../../shared/schemas/courses';
import type { HomeSetting } from '../../../shared/schemas/home-setting';
import type { TagSection } from '../../../shared/schemas/tags';
import { COLUMN_PAGE_SIZE, HOME_COLUMN_CATES } from '../../api/columns';
import { useBootstrap } from '../../bootstrap';
import { findNode, subtreeIds } from '../../components/catalogue/category-tree';
import { ColumnCard } from '../../components/catalogue/ColumnCard';
import { CourseGrid } from '../../components/catalogue/CourseCard';
import { SiteLink } from '../../components/layout/SiteLink';
import { useColumnCates, useColumns } from '../../hooks/useCatalogue';
import { useT } from '../../i18n';
import { courseListPath } from '../../paths';

/** Desktop shows at most 8 courses and 6 sub-categories a section (spec 9); mobile two rows of two. */
export const SECTION_COURSES = { desktop: 8, mobile: 4 } as const;
export const SECTION_SUBCATEGORIES = 6;

export function SectionHead({ title, more, children }: { title: string; more?: string; children?: ReactNode }) {
  const t = useT();
  return (
    <div className="home-section-head">
      <h2 className="home-section-title">{title}</h2>
      {children}
      {more && (
        <SiteLink to={more} className="home-more">
          {t('catalogue.more')}
          <span aria-hidden="true"> ›</span>
        </SiteLink>
      )}
    </div>
  );
}

interface Section {
  node: CategoryNode | null;
  title: string;
  catid: string;
  courses: CourseCard[];
}

/**
 * The course sections by category (spec 2): the categories of showgroups, or the first-level ones; each
 * with the courses of its subtree (from one 'courses by category' call) and links to its sub-categories.
 * Sections without courses are left out; courses without a category get an 'all courses' section when
 * no other section shows anything.
 */
export function CategorySections({
  tree,
  courses,
  setting,
  mobile,
}: {
  tree: CategoryNode[];
  courses: CourseCard[];
  setting: HomeSetting;
  mobile: boolean;
}) {
  const t = useT();
  const limit = mobile ? SECTION_COURSES.mobile : SECTION_COURSES.desktop;
  const sections = useMemo<Section[]>(() => {
    const nodes =
      setting.showgroups.length > 0
        ? setting.showgroups.map((id) => findNode(tree, id)).filter((node): node is CategoryNode => !!node)
        : tree;
    const found = nodes
      .map((node) => {
        const ids = subtreeIds(node);
        return {
          node,
          title: node.title,
          catid: node.catid,
          courses: courses.filter((course) => ids.has(course.catid)).slice(0, limit),
        };
      })
      .filter((section) => section.courses.length > 0);
    if (found.length === 0 && courses.length > 0)
      return [{ node: null, title: t('catalogue.allCourses'), catid: '0', courses: courses.slice(0, limit) }];
    return found;
  }, [tree, courses, setting.showgroups, limit, t]);

  return (
    <>
      {sections.map((section) => (
        <section
          key={section.catid}
          className="home-section"
          data-testid="home-category-section"
          aria-label={section.title}
        >
          <SectionHead title={section.title} more={courseListPath(section.catid)}>
            {!mobile && section.node && section.node.children.length > 0 && (
              <ul className="home-subcats">
                {section.node.children.slice(0, SECTION_SUBCATEGORIES).map((child) => (
                  <li key={child.catid}>
                    <SiteLink to={courseListPath(child.catid)} className="home-subcat">
                      {child.title}
                    </SiteLink>
                  </li>
                ))}
              </ul>
            )}
          </SectionHead>
          <CourseGrid courses={section.courses} mobile={mobile} showPrice={setting.showPrice} newTab={!mobile} />
        </section>
      ))}
    </>
  );
}

/** The tag sections (spec 2): each tag's courses. */
export function TagSections({ tags, setting, mobile }: { tags: TagSection[]; setting: HomeSetting; mobile: boolean }) {
  const limit = mobile ? SECTION_COURSES.mobile : SECTION_COURSES.desktop;
  return (
    <>
      {tags
        .filter((tag) => tag.courses.length > 0)
        .map((tag) => (
          <section key={tag.id} className="home-section" data-testid="home-tag-section" aria-label={tag.name}>
            <SectionHead title={tag.name} />
            <CourseGrid
              courses={tag.courses.slice(0, limit)}
              mobile={mobile}
              showPrice={setting.showPrice}
              newTab={!mobile}
            />
          </section>
        ))}
    </>
  );
}

/** The column section (spec 2): up to 5 column categories as tabs, the first one chosen to start with. */
export function ColumnSection({ setting, mobile }: { setting: HomeSetting; mobile: boolean }) {
  const t = useT();
  const boot = useBootstrap();
  const cates = useColumnCates(boot.hashUID);
  const shown = (cates.data?.cates ?? []).filter((cate) => cate.column_count > 0).slice(0, HOME_COLUMN_CATES);
  const [chosen, setChosen] = useState<string | null>(null);
  const current = chosen ?? shown[0]?.catid ?? '0';
  const pageSize = mobile ? COLUMN_PAGE_SIZE.mobile : COLUMN_PAGE_SIZE.desktop;
  const columns = useColumns(boot.hashUID, cates.data ? current : null, pageSize);
  const list = columns.data?.list ?? [];
  if (!cates.data || (list.length === 0 && shown.length === 0)) return null;
  return (
    <section className="home-section" data-testid="home-column-section" aria-label={t('column.section')}>
      <SectionHead title={t('column.section')}>
        {shown.length > 0 && (
          <div className="home-tabs" role="tablist" aria-label={t('column.section')}>
            {shown.map((cate) => (
              <button
                key={cate.catid}
                type="button"
                role="tab"
                aria-selected={cate.catid === current}
                className={cate.catid === current ? 'is-active' : ''}
                onClick={() => setChosen(cate.catid)}
              >
                {cate.title}
              </button>
            ))}
          </div>
        )}
      </SectionHead>
      {list.length === 0 ? (
        <p className="catalogue-empty">{t('column.none')}</p>
      ) : (
        <div className={`course-grid is-grid${mobile ? ' is-mobile' : ''}`}>
          {list.map((column) => (
            <ColumnCard key={column.coid} column={column} mobile={mobile} showPrice={setting.showPrice} />
          ))}
        </div>
      )}
    </section>
  );
}
