import { useCallback, useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { COURSE_TYPE, isGraphic, type CourseAction } from '../../../shared/rules/course-buttons';
import type { ChapterNode } from '../../../shared/schemas/chapters';
import type { CourseInfo } from '../../../shared/schemas/courses';
import { alert } from '../../components/feedback';
import { learnHref, publicLiveHref } from '../../components/catalogue/links';
import { useActionGuard } from '../../components/catalogue/useActionGuard';
import { useT } from '../../i18n';
import { BUY_QUERY } from '../../paths';
import { useOrdering } from '../pay/useOrdering';

/** The chapters a learner opens, in order: subchapters of a chapter that has them, else the chapter itself. */
export function learnableChapters(chapters: readonly ChapterNode[]): ChapterNode[] {
  return chapters
    .flatMap((chapter) => (chapter.children.length > 0 ? chapter.children : [chapter]))
    .filter((chapter) => chapter.learnType !== '');
}

/** The first chapter the viewer may open, or null. */
export function firstOpenChapter(chapters: readonly ChapterNode[]): ChapterNode | null {
  return learnableChapters(chapters).find((chapter) => !chapter.locked) ?? null;
}

/**
 * The course page's actions: the main button and opening a chapter. Refusals first (sign in, student
 * account, allowed groups); then buy (and renew, for a held renewable course) → the order dialog and the pay
 * page (pay/useOrdering); obtain and graphic reading → the detail tab; live → the live page; public live → its
 * learning page; start/continue → the first open chapter's learning page. The end-of-trial dialog sends the
 * student here with ?buy=1, which opens the same order dialog once.
 */
export function useCourseActions(course: CourseInfo | undefined, chapters: readonly ChapterNode[] | undefined) {
  const t = useT();
  const guard = useActionGuard();
  const navigate = useNavigate();

  const order = useOrdering();
  const [search, setSearch] = useSearchParams();

  const purchase = useCallback(
    async (renew: boolean) => {
      if (!course || !(await guard(course.refusal))) return;
      const { coid: id, title, actual, price } = course;
      await order({ kind: 'course', id, title, actual, price, renew });
    },
    [course, guard, order],
  );
  const buy = useCallback(() => purchase(false), [purchase]);
  const renew = useCallback(() => purchase(true), [purchase]);

  // ?buy=1 (the end-of-trial dialog's Buy): once, when the course has loaded and is still to be bought.
  const asked = useRef(false);
  useEffect(() => {
    if (!course || asked.current || search.get(BUY_QUERY) !== '1') return;
    asked.current = true;
    setSearch((current) => {
      current.delete(BUY_QUERY);
      return current;
    });
    if (course.mainButton.action === 'buy') void buy();
  }, [course, search, setSearch, buy]);

  const openChapter = useCallback(
    async (chapter: ChapterNode) => {
      if (!course) return;
      if (chapter.locked) return buy();
      if (!(await guard(course.refusal))) return;
      window.location.assign(learnHref(course.code, chapter.cid, chapter.learnType));
    },
    [course, guard, buy],
  );

  const main = useCallback(async () => {
    if (!course || course.mainButton.disabled) return;
    const action = course.mainButton.action as CourseAction;
    if (action === 'buy') return buy();
    if (!(await guard(course.refusal))) return;
    if (action === 'startLive') {
      window.location.assign(`/live/${course.hashUID}/${course.coid}.html`);
      return;
    }
    // A public live course has no chapter list: its learning page is /u/learn/{code}/live/1 (spec 2).
    if (course.type === COURSE_TYPE.publicLive) {
      window.location.assign(publicLiveHref(course.code));
      return;
    }
    // Obtaining happens through the reading heartbeat; reading is the detail tab.
    if (action === 'obtain' || isGraphic(course)) {
      navigate('/introduce/detail');
      return;
    }
    const first = chapters ? firstOpenChapter(chapters) : null;
    if (!first) {
      await alert({ text: t('course.noChapter') });
      return;
    }
    window.location.assign(learnHref(course.code, first.cid, first.learnType));
  }, [course, chapters, guard, buy, navigate, t]);

  return { main, openChapter, renew };
}
