/**
 * Catalogue page state (spec 4 'Catalogue page state') as a pure reducer, with the catalogue's entry list
 * (spec 3 'Home setting': catesetting), course sorting, breadcrumbs and the category id from the address (spec 5).
 * The reducer only decides what is selected and shown; the page loads children and courses for the selection.
 *
 * Sorting: num by learner count (lcount); time by creation date (create_time, unreadable dates last, ties by
 * coid the same way since snowflake ids grow with time); def by count descending (count, else lcount). That
 * reconciles spec 9 'sort by count or coid ascending or descending': count is num/def, coid stands in for the
 * creation order. num and def ties go by coid descending (newest first). A sort already chosen flips its
 * direction when chosen again; another one keeps its last direction (both start descending).
 */
import { dateToMs } from './course-status';

export interface Category {
  catid: string;
  title: string;
  parent_id: string;
}

export type SortField = 'def' | 'num' | 'time';

/** Breadcrumb up to three levels (spec 9). */
export const BREADCRUMB_LEVELS = 3;
/** The deepest category level (spec 4: choosing a third-level category closes the drawer). */
export const THIRD_LEVEL = 3;
/** The default all-courses entry used when catesetting is empty (spec 3). */
export const ALL_COURSES_ID = '0';
export const ALL_COURSES_TITLE = 'all courses';

/** What the back stack saves and restores: one level of the mobile drawer. */
export interface CatalogueLevel {
  selectedId: string;
  currentName: string;
  breadcrumb: Category[];
  leftList: Category[];
  rightList: Category[];
}

export interface CatalogueState extends CatalogueLevel {
  secondLevel: Category[];
  thirdLevel: Category[];
  sort: SortField;
  /** Learner-count direction; false = descending (most learners first). */
  numAsc: boolean;
  /** Creation-time direction; false = descending (newest first). */
  timeAsc: boolean;
  drawerOpen: boolean;
  backStack: CatalogueLevel[];
  /** The institution's configured list, or the default all-courses entry (restored by back at the root). */
  rootList: Category[];
  /** The (translated) title of the all-courses entry. */
  allTitle: string;
}

export type CatalogueAction =
  | { type: 'chooseFirstLevel'; category: Category; children: Category[] }
  | { type: 'chooseSecondLevel'; category: Category; children: Category[] }
  | { type: 'chooseThirdLevel'; category: Category }
  | { type: 'pickLeft'; category: Category; children: Category[] }
  /** level: the category's level in the tree (1 to 3) when known; a third-level pick closes the drawer. */
  | { type: 'pickRight'; category: Category; children: Category[]; level?: number }
  | { type: 'backOneLevel' }
  | { type: 'emptySearch'; children?: Category[] }
  | { type: 'sortBy'; field: SortField }
  | { type: 'setDrawer'; open: boolean };

/** A category from a reply: ids as decimal strings, title from title or catname (spec 3). */
export function toCategory(raw: {
  catid: string | number;
  title?: string | null;
  catname?: string | null;
  parent_id?: string | number | null;
}): Category {
  return { catid: String(raw.catid), title: raw.title ?? raw.catname ?? '', parent_id: String(raw.parent_id ?? '0') };
}

/** The default all-courses entry (catid 0). */
export function allCoursesEntry(title: string = ALL_COURSES_TITLE): Category {
  return { catid: ALL_COURSES_ID, title, parent_id: '0' };
}

/** The catalogue's entries: the configured catesetting, or when empty the single default entry catid 0 'all courses'. */
export function catalogueEntries(
  catesetting: readonly Category[] | null | undefined,
  allTitle: string = ALL_COURSES_TITLE,
): Category[] {
  return catesetting && catesetting.length > 0 ? [...catesetting] : [allCoursesEntry(allTitle)];
}

/** Category id from the address: a decimal id (leading zeros dropped), else 0 (spec 5). */
export function categoryIdFromAddress(value: unknown): string {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,20}$/.test(text)) return ALL_COURSES_ID;
  return text.replace(/^0+(?=\d)/, '');
}

/** The trail with category at level (0-based), dropping deeper levels and keeping the last three. */
export function breadcrumbAt(trail: readonly Category[], level: number, category: Category): Category[] {
  return [...trail.slice(0, Math.max(0, level)), category].slice(-BREADCRUMB_LEVELS);
}

/** The trail from the top to catid through parent_id in a flat list, at most three levels (the nearest kept). */
export function breadcrumbFor(catid: string, categories: readonly Category[]): Category[] {
  const byId = new Map(categories.map((category) => [category.catid, category]));
  const trail: Category[] = [];
  let current = byId.get(catid);
  while (current && !trail.includes(current)) {
    trail.unshift(current);
    current = current.parent_id === current.catid ? undefined : byId.get(current.parent_id);
  }
  return trail.slice(-BREADCRUMB_LEVELS);
}

/** The starting state: the configured list on the left, the address's category (or all courses) selected. */
export function initialCatalogueState(
  options: { catesetting?: readonly Category[] | null; selectedId?: string; allTitle?: string } = {},
): CatalogueState {
  const allTitle = options.allTitle ?? ALL_COURSES_TITLE;
  const rootList = catalogueEntries(options.catesetting, allTitle);
  const selectedId = options.selectedId ?? ALL_COURSES_ID;
  const found = rootList.find((category) => category.catid === selectedId);
  return {
    selectedId,
    currentName: found?.title ?? (selectedId === ALL_COURSES_ID ? allTitle : ''),
    breadcrumb: found ? [found] : [],
    leftList: rootList,
    rightList: [],
    secondLevel: [],
    thirdLevel: [],
    sort: 'def',
    numAsc: false,
    timeAsc: false,
    drawerOpen: false,
    backStack: [],
    rootList,
    allTitle,
  };
}

const select = (category: Category, breadcrumb: Category[]) => ({
  selectedId: category.catid,
  currentName: category.title,
  breadcrumb,
});

const levelOf = (state: CatalogueState): CatalogueLevel => ({
  selectedId: state.selectedId,
  currentName: state.currentName,
  breadcrumb: state.breadcrumb,
  leftList: state.leftList,
  rightList: state.rightList,
});

/** The root level: the configured list (or the default entry) on the left, all courses selected. */
function rootLevel(state: CatalogueState): CatalogueLevel {
  return {
    selectedId: ALL_COURSES_ID,
    currentName: state.allTitle,
    breadcrumb: [],
    leftList: state.rootList,
    rightList: [],
  };
}

/** The next catalogue state after an action (spec 4 'Catalogue page state'). */
export function catalogueReducer(state: CatalogueState, action: CatalogueAction): CatalogueState {
  const depth = state.backStack.length;
  switch (action.type) {
    case 'chooseFirstLevel':
      return {
        ...state,
        ...select(action.category, breadcrumbAt(state.breadcrumb, 0, action.category)),
        secondLevel: action.children,
        thirdLevel: [],
      };
    case 'chooseSecondLevel':
      return {
        ...state,
        ...select(action.category, breadcrumbAt(state.breadcrumb, 1, action.category)),
        thirdLevel: action.children,
      };
    case 'chooseThirdLevel':
      return {
        ...state,
        ...select(action.category, breadcrumbAt(state.breadcrumb, 2, action.category)),
        drawerOpen: false,
      };
    case 'pickLeft':
      return {
        ...state,
        ...select(action.category, breadcrumbAt(state.breadcrumb, depth, action.category)),
        rightList: action.children,
      };
    case 'pickRight':
      return {
        ...state,
        ...select(action.category, breadcrumbAt(state.breadcrumb, depth + 1, action.category)),
        backStack: [...state.backStack, levelOf(state)],
        leftList: state.rightList,
        rightList: action.children,
        drawerOpen: (action.level ?? 0) >= THIRD_LEVEL ? false : state.drawerOpen,
      };
    case 'backOneLevel': {
      if (depth === 0) return { ...state, ...rootLevel(state) };
      return { ...state, ...state.backStack[depth - 1], backStack: state.backStack.slice(0, -1) };
    }
    case 'emptySearch': {
      const first = state.leftList[0];
      if (!first) return { ...state, ...rootLevel(state), secondLevel: [], thirdLevel: [] };
      const children = action.children ?? [];
      return {
        ...state,
        ...select(first, breadcrumbAt(state.breadcrumb, depth, first)),
        rightList: children,
        secondLevel: children,
        thirdLevel: [],
      };
    }
    case 'sortBy':
      if (action.field === 'num')
        return { ...state, sort: 'num', numAsc: state.sort === 'num' ? !state.numAsc : state.numAsc };
      if (action.field === 'time')
        return { ...state, sort: 'time', timeAsc: state.sort === 'time' ? !state.timeAsc : state.timeAsc };
      return { ...state, sort: 'def' };
    case 'setDrawer':
      return { ...state, drawerOpen: action.open };
  }
}

export interface SortableCourse {
  coid: string | number;
  /** Learner count. */
  lcount?: number | string | null;
  /** The count the default order uses; lcount when absent. */
  count?: number | string | null;
  /** Creation date 'yyyy-MM-dd HH:mm:ss' (dashes become slashes before parsing, spec 5). */
  create_time?: string | number | null;
}

const countOf = (value: number | string | null | undefined) => {
  const n = Number(value ?? 0);
  return Number.isFinite(n) ? n : 0;
};

/** Compares decimal ids of any length (snowflake ids exceed 2^53) as numbers. */
export function compareIds(a: string | number, b: string | number): number {
  const x = String(a).replace(/^0+(?=\d)/, '');
  const y = String(b).replace(/^0+(?=\d)/, '');
  if (x.length !== y.length) return x.length - y.length;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Sorts courses for the catalogue as described above, returning a new array. */
export function sortCourses<T extends SortableCourse>(
  courses: readonly T[],
  sort: SortField,
  numAsc: boolean,
  timeAsc: boolean,
): T[] {
  const newestFirst = (a: T, b: T) => compareIds(b.coid, a.coid);
  const byCount = (a: T, b: T, asc: boolean, pick: (c: T) => number) =>
    (asc ? pick(a) - pick(b) : pick(b) - pick(a)) || newestFirst(a, b);
  if (sort === 'num') return [...courses].sort((a, b) => byCount(a, b, numAsc, (c) => countOf(c.lcount)));
  if (sort === 'def') return [...courses].sort((a, b) => byCount(a, b, false, (c) => countOf(c.count ?? c.lcount)));
  const timeOf = (c: T) => dateToMs(c.create_time ?? null);
  return [...courses].sort((a, b) => {
    const ta = timeOf(a);
    const tb = timeOf(b);
    if (ta === null || tb === null) {
      if (ta !== tb) return ta === null ? 1 : -1;
    } else if (ta !== tb) return timeAsc ? ta - tb : tb - ta;
    return timeAsc ? compareIds(a.coid, b.coid) : compareIds(b.coid, a.coid);
  });
}
