/** The empty-search event (spec 4, 5): clearing the search box tells the catalogue to select its first left category. */
export const EMPTY_SEARCH_EVENT = 'lanxue:emptysearch';

export function emitEmptySearch(): void {
  window.dispatchEvent(new CustomEvent(EMPTY_SEARCH_EVENT));
}
