import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  ALL_COURSES_ID,
  catalogueReducer,
  categoryIdFromAddress,
  sortCourses,
  toCategory,
  type Category,
  type CatalogueState,
  type SortField,
} from '../../../shared/rules/catalogue-state';
import type { CategoryNode } from '../../../shared/schemas/categories';
import type { UserPage } from '../../../shared/schemas/home-setting';
import { CATALOGUE_COURSES_NUM } from '../../api/catalogue';
import { useBootstrap } from '../../bootstrap';
import { childrenOf, findNode } from '../../components/catalogue/category-tree';
import { CourseGrid } from '../../components/catalogue/CourseCard';
import { EMPTY_SEARCH_EVENT } from '../../components/catalogue/events';
import { SortBar } from '../../components/catalogue/SortBar';
import { SearchBox } from '../../components/layout/SearchBox';
import { Loading } from '../../components/Loading';
import { useCategoryTree, useCourseSearch, useCoursesByCategory } from '../../hooks/useCatalogue';
import { useHomeSetting } from '../../hooks/useHomeSetting';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useT } from '../../i18n';
import { courseListPath } from '../../paths';
import { catalogueStateFor } from './catalogue-init';
import { DesktopNavigator } from './DesktopNavigator';
import { MobileDrawer } from './MobileDrawer';

/** The course catalogue (#/courselist/:catid?key= or ?search=): the category from the address, or keyword results. */
export default function CourseListPage() {
  const params = useParams();
  const boot = useBootstrap();
  const catid = categoryIdFromAddress(params.catid);
  const { page } = useHomeSetting();
  const tree = useCategoryTree(boot.hashUID);
  if (!page || !tree.data) {
    if (tree.error) return <CatalogueFailed />;
    return <Loading />;
  }
  // A new category in the address (a link from elsewhere) starts a new state.
  return <Catalogue key={catid} catid={catid} page={page} tree={tree.data.cates} />;
}

function CatalogueFailed() {
  const t = useT();
  return (
    <p className="catalogue-empty" role="alert">
      {t('common.networkError')}
    </p>
  );
}

/** The state of the catalogue's current history entry. */
let kept: { entry: string; state: CatalogueState } | null = null;

function Catalogue({ catid, page, tree }: { catid: string; page: UserPage; tree: CategoryNode[] }) {
  const t = useT();
  const boot = useBootstrap();
  const mobile = useIsMobile();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const keyword = (search.get('key') ?? search.get('search') ?? '').trim();
  const allTitle = t('catalogue.allCourses');
  const catesetting = useMemo(() => page.catesetting.map((entry) => toCategory(entry)), [page.catesetting]);
  // The root shell swaps its whole layout at the mobile breakpoint, which mounts the page again: the same
  // history entry gets its state back.
  const entry = `${useLocation().key}|${catid}`;
  const [state, dispatch] = useReducer(catalogueReducer, { tree, catesetting, catid, allTitle, mobile }, (init) =>
    kept?.entry === entry ? kept.state : catalogueStateFor(init),
  );
  useEffect(() => {
    kept = { entry, state };
  }, [entry, state]);
  const children = useCallback((category: Category) => childrenOf(tree, category.catid), [tree]);

  const byCategory = useCoursesByCategory(boot.hashUID, keyword ? null : state.selectedId, CATALOGUE_COURSES_NUM);
  const searched = useCourseSearch(boot.hashUID, keyword);
  const source = keyword ? searched : byCategory;
  const courses = useMemo(() => {
    const list = keyword ? searched.data?.courses : byCategory.data?.courseData;
    if (!list) return null;
    // The server's default order already is the rule's def order with pinned courses first.
    return state.sort === 'def' ? list : sortCourses(list, state.sort, state.numAsc, state.timeAsc);
  }, [keyword, searched.data, byCategory.data, state.sort, state.numAsc, state.timeAsc]);

  /** Any category click leaves keyword results for that category's courses. */
  const dropKeyword = useCallback(() => {
    if (keyword) navigate(courseListPath(catid), { replace: true });
  }, [keyword, navigate, catid]);

  const stateRef = useRef(state);
  stateRef.current = state;
  const mobileRef = useRef(mobile);
  mobileRef.current = mobile;
  useEffect(() => {
    const handleEmptySearch = () => {
      const first = stateRef.current.leftList[0];
      // On desktop 'all courses' has no second row: its children already are the first-level row.
      const none = !first || (!mobileRef.current && first.catid === ALL_COURSES_ID);
      dispatch({ type: 'emptySearch', children: none ? [] : childrenOf(tree, first.catid) });
      navigate(courseListPath(catid), { replace: true });
    };
    window.addEventListener(EMPTY_SEARCH_EVENT, handleEmptySearch);
    return () => window.removeEventListener(EMPTY_SEARCH_EVENT, handleEmptySearch);
  }, [tree, navigate, catid]);

  const firstRow = useMemo(
    () =>
      catesetting.length > 0
        ? catesetting
        : [{ catid: ALL_COURSES_ID, title: allTitle, parent_id: '0' }, ...childrenOf(tree, ALL_COURSES_ID)],
    [catesetting, tree, allTitle],
  );
  const handleFirst = (category: Category) => {
    dispatch({
      type: 'chooseFirstLevel',
      category,
      children: category.catid === ALL_COURSES_ID ? [] : children(category),
    });
    dropKeyword();
  };
  const handleSecond = (category: Category) => {
    dispatch({ type: 'chooseSecondLevel', category, children: children(category) });
    dropKeyword();
  };
  const handleThird = (category: Category) => {
    dispatch({ type: 'chooseThirdLevel', category });
    dropKeyword();
  };
  const handleSort = (field: SortField) => dispatch({ type: 'sortBy', field });
  const handleCloseDrawer = useCallback(() => dispatch({ type: 'setDrawer', open: false }), []);

  const title = keyword ? t('courseList.searchFor', { key: keyword }) : state.currentName || allTitle;
  const schoolTitle = page.userpagetitle || page.schoolName || boot.schoolName;
  const showPrice = page.setting.showPrice;
  const list = courses ? (
    <CourseGrid
      courses={courses}
      mobile={mobile}
      showPrice={showPrice}
      newTab
      heading="h2"
      layout={mobile ? 'list' : 'grid'}
    />
  ) : source.error ? (
    <CatalogueFailed />
  ) : (
    <Loading />
  );

  if (mobile) {
    return (
      <div className="catalogue is-mobile" data-testid="catalogue">
        {(page.userpagelogo || page.userpagetitle) && (
          <header className="catalogue-head">
            {page.userpagelogo && <img className="catalogue-logo" src={page.userpagelogo} alt="" />}
            <span className="catalogue-school">{schoolTitle}</span>
          </header>
        )}
        <SearchBox className="catalogue-search" />
        <div className="cat-current" data-testid="current-selection">
          <button
            type="button"
            className="cat-current-back"
            onClick={() => {
              dispatch({ type: 'backOneLevel' });
              dropKeyword();
            }}
            aria-label={t('catalogue.backLevel')}
            data-testid="back-level"
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path
                d="M15 5l-7 7 7 7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
          <span className="cat-current-text">
            <span className="cat-current-label">{t('catalogue.currentSelection')}</span>
            <span data-testid="current-name">{state.currentName || allTitle}</span>
          </span>
          <button
            type="button"
            className="btn btn-small cat-current-open"
            onClick={() => dispatch({ type: 'setDrawer', open: true })}
            aria-haspopup="dialog"
            data-testid="open-drawer"
          >
            {t('catalogue.categories')}
          </button>
        </div>
        <h1 className="catalogue-title">{title}</h1>
        <SortBar
          sort={state.sort}
          numAsc={state.numAsc}
          timeAsc={state.timeAsc}
          onSort={handleSort}
          total={courses?.length}
        />
        {list}
        {state.drawerOpen && (
          <MobileDrawer
            state={state}
            onPickLeft={(category) => {
              dispatch({ type: 'pickLeft', category, children: children(category) });
              dropKeyword();
            }}
            onPickRight={(category) => {
              const level = findNode(tree, category.catid)?.depth;
              dispatch({ type: 'pickRight', category, children: children(category), level });
              dropKeyword();
            }}
            hasChildren={(category) => (findNode(tree, category.catid)?.children.length ?? 0) > 0}
            onBack={() => dispatch({ type: 'backOneLevel' })}
            onClose={handleCloseDrawer}
          />
        )}
      </div>
    );
  }

  return (
    <div className="catalogue" data-testid="catalogue">
      <header className="catalogue-head">
        {page.userpagelogo ? (
          <img className="catalogue-logo" src={page.userpagelogo} alt="" />
        ) : (
          <span className="brand-mark catalogue-mark" aria-hidden="true">
            {Array.from(schoolTitle)[0]}
          </span>
        )}
        <span className="catalogue-school">{schoolTitle}</span>
      </header>
      <DesktopNavigator
        state={state}
        firstRow={firstRow}
        onFirst={handleFirst}
        onSecond={handleSecond}
        onThird={handleThird}
      />
      <section className="catalogue-body">
        <div className="catalogue-bar">
          <h1 className="catalogue-title">{title}</h1>
          <SortBar
            sort={state.sort}
            numAsc={state.numAsc}
            timeAsc={state.timeAsc}
            onSort={handleSort}
            total={courses?.length}
          />
        </div>
        {list}
      </section>
    </div>
  );
}
