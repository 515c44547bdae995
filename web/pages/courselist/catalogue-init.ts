/**
 * The catalogue state for an address (spec 4 'Catalogue page state'): the catid from the address is
 * reached by replaying the clicks a user would make, so the rows (desktop) or the drawer's lists and
 * back stack (mobile) are exactly what those clicks give.
 */
import {
  ALL_COURSES_ID,
  breadcrumbFor,
  catalogueReducer,
  initialCatalogueState,
  type Category,
  type CatalogueAction,
  type CatalogueState,
} from '../../../shared/rules/catalogue-state';
import type { CategoryNode } from '../../../shared/schemas/categories';
import { childrenOf, flattenTree } from '../../components/catalogue/category-tree';

export interface CatalogueInit {
  tree: CategoryNode[];
  catesetting: Category[];
  catid: string;
  allTitle: string;
  mobile: boolean;
}

/** The starting state: an unknown category id counts as 0 (all courses). */
export function catalogueStateFor({ tree, catesetting, catid, allTitle, mobile }: CatalogueInit): CatalogueState {
  const flat = flattenTree(tree);
  let state = initialCatalogueState({ catesetting, selectedId: ALL_COURSES_ID, allTitle });
  const run = (action: CatalogueAction) => {
    state = catalogueReducer(state, action);
  };
  const children = (category: Category) => childrenOf(tree, category.catid);
  const root = state.rootList;
  const allEntry = root.find((category) => category.catid === ALL_COURSES_ID);
  const trail = catid === ALL_COURSES_ID ? [] : breadcrumbFor(catid, flat);

  if (!mobile) {
    trail.forEach((category, level) => {
      if (level === 0) run({ type: 'chooseFirstLevel', category, children: children(category) });
      else if (level === 1) run({ type: 'chooseSecondLevel', category, children: children(category) });
      else run({ type: 'chooseThirdLevel', category });
    });
    return state;
  }

  // Mobile: start from the deepest category of the trail that the configured list holds, else from 'all courses'.
  let start = -1;
  trail.forEach((category, index) => {
    if (root.some((entry) => entry.catid === category.catid)) start = index;
  });
  if (start >= 0) {
    run({ type: 'pickLeft', category: trail[start], children: children(trail[start]) });
    for (const category of trail.slice(start + 1)) run({ type: 'pickRight', category, children: children(category) });
  } else if (allEntry) {
    run({ type: 'pickLeft', category: allEntry, children: childrenOf(tree, ALL_COURSES_ID) });
    for (const category of trail) run({ type: 'pickRight', category, children: children(category) });
  } else if (trail.length > 0) {
    const last = trail[trail.length - 1];
    run({ type: 'chooseFirstLevel', category: last, children: children(last) });
  }
  return state;
}
