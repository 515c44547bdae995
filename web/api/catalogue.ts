/**
 * The page sizes of the student site's catalogue reads (spec 9). The calls themselves are declared in
 * shared/calls (courses, categories, chapters, tags, articles, the user page).
 */

/** The numbers of spec 9: home courses page 1 num 100; catalogue page 1 num 500; articles page 1 num 5. */
export const HOME_COURSES_NUM = 100;
export const CATALOGUE_COURSES_NUM = 500;
export const HOME_ARTICLES_NUM = 5;
