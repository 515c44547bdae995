import { useState } from 'react';
import { columnCalls } from '../../../shared/calls/columns';
import { courseCalls } from '../../../shared/calls/courses';
import { memberCalls } from '../../../shared/calls/members';
import type { Reply } from '../../../shared/envelope';
import { request } from '../../api/client';
import { useBootstrap } from '../../bootstrap';
import { CourseCover } from '../../components/catalogue/CourseCover';
import { columnHref } from '../../components/catalogue/links';
import { toast } from '../../components/feedback';
import { useCall } from '../../hooks/useCall';
import { useT } from '../../i18n';
import { coursePageHref } from '../mycourse/MyCourseCard';

interface Item {
  key: string;
  id: string;
  title: string;
  img: string;
  href: string;
}

/**
 * My bookmarks (spec 2 mycollect, the dashboard's controller/collect): the bookmarked courses and columns, each
 * linking to its page, with remove (collectcourse / column/collect with collect 0).
 */
export function MyCollectList() {
  const t = useT();
  const boot = useBootstrap();
  const saved = useCall(memberCalls.mycollect, {});
  const [busy, setBusy] = useState<string | null>(null);
  if (saved.error)
    return (
      <p role="alert" className="page-muted">
        {t('members.loadError')}{' '}
        <button type="button" className="btn btn-small" onClick={() => void saved.mutate()}>
          {t('members.retry')}
        </button>
      </p>
    );
  if (!saved.data) return null;

  const remove = async (item: Item, send: () => Promise<Reply<unknown>>) => {
    setBusy(item.key);
    const reply = await send();
    setBusy(null);
    if (reply.status !== 'ok') return toast(t('members.removeFailed'));
    toast(t('members.removed'));
    await saved.mutate();
  };
  const uid = boot.hashUID;
  const courses: Item[] = saved.data.courses.map((course) => ({
    key: `c${course.coid}`,
    id: course.coid,
    title: course.title,
    img: course.img,
    href: coursePageHref(course.code),
  }));
  const columns: Item[] = saved.data.columns.map((column) => ({
    key: `k${column.column_id}`,
    id: column.column_id,
    title: column.title,
    img: column.img,
    href: columnHref(column.code),
  }));
  const list = (items: Item[], empty: string, unsave: (item: Item) => Promise<Reply<unknown>>, testId: string) => (
    <>
      {items.length === 0 && <p className="page-muted">{empty}</p>}
      <ul className="mb-list">
        {items.map((item) => (
          <li key={item.key} className="card mb-item mb-row" data-testid={testId} data-id={item.id}>
            <span className="mb-cover">
              <CourseCover img={item.img} title={item.title} seed={item.id} />
            </span>
            <a className="mb-title" href={item.href}>
              {item.title}
            </a>
            <button
              type="button"
              className="btn btn-small btn-light"
              disabled={busy === item.key}
              onClick={() => void remove(item, () => unsave(item))}
            >
              {t('members.remove')}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
  return (
    <div className="mb-sections">
      <section aria-labelledby="mc-courses" data-testid="collected-courses">
        <h3 id="mc-courses" className="section-title">
          {t('members.courses')}
        </h3>
        {list(
          courses,
          t('members.noCourses'),
          (item) => request(courseCalls.collect, { body: { uid, coid: item.id, collect: 0 } }),
          'collected-course',
        )}
      </section>
      <section aria-labelledby="mc-columns" data-testid="collected-columns">
        <h3 id="mc-columns" className="section-title">
          {t('members.collectedColumns')}
        </h3>
        {list(
          columns,
          t('members.noCollectedColumns'),
          (item) => request(columnCalls.collect, { body: { coid: item.id, collect: 0 } }),
          'collected-column',
        )}
      </section>
    </div>
  );
}
