import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { commentCalls } from '../../../../shared/calls/comments';
import { COMMENT_PAGE_SIZE } from '../../../../shared/schemas/comments';
import type { CourseInfo } from '../../../../shared/schemas/courses';
import { useBootstrap } from '../../../bootstrap';
import { bookmarkRefusal, useActionGuard } from '../../../components/catalogue/useActionGuard';
import { confirm, toast } from '../../../components/feedback';
import { Loading } from '../../../components/Loading';
import { request } from '../../../api/client';
import { callKey, useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { CommentBox } from './CommentBox';
import { CommentItem } from './CommentItem';

/**
 * The comments of a course (spec 2 comment / addcomment tabs): the comment box (hidden when the school
 * set noAllowComment), then the comments newest first, 10 a page, with a pager. Likes and deleting one's
 * own comment refuse guests and non-students as bookmarks do (useActionGuard); failed calls only log.
 */
export function CommentsPanel({ course, testId = 'comments' }: { course: CourseInfo; testId?: string }) {
  const t = useT();
  const boot = useBootstrap();
  const guard = useActionGuard();
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  const query = (at: number) => ({ coid: course.coid, page: at, num: COMMENT_PAGE_SIZE });
  const { data, error, mutate } = useCall(
    commentCalls.list,
    { query: query(page) },
    {
      revalidateOnFocus: false,
      shouldRetryOnError: false,
      keepPreviousData: true,
    },
  );
  const pages = data ? Math.max(1, Math.ceil(data.total / COMMENT_PAGE_SIZE)) : 1;

  const { mutate: mutateKey } = useSWRConfig();
  // Spec 5: after success, go to page 1 and reload it (even when it was fetched a moment ago).
  const handlePosted = () => {
    setPage(1);
    void mutateKey(callKey(commentCalls.list, { query: query(1) }));
  };

  const handleLike = async (cmid: string) => {
    if (busy || !(await guard(bookmarkRefusal(boot, course.uid)))) return;
    setBusy(cmid);
    const reply = await request(commentCalls.prise, { body: { cmid } });
    setBusy(null);
    if (reply.status !== 'ok') {
      console.error('comment/prise failed:', reply.error);
      return;
    }
    const { count, liked } = reply.data;
    await mutate(
      (current) =>
        current && {
          ...current,
          list: current.list.map((item) => (item.cmid === cmid ? { ...item, count, liked } : item)),
        },
      { revalidate: false },
    );
  };

  const handleDelete = async (cmid: string) => {
    if (busy || !(await confirm({ text: t('comments.deleteConfirm'), okText: t('comments.delete') }))) return;
    setBusy(cmid);
    const reply = await request(commentCalls.remove, { body: { cmid } });
    setBusy(null);
    if (reply.status !== 'ok') console.error('comment/delete failed:', reply.error);
    else toast(t('comments.deleted'));
    void mutate();
  };

  return (
    <section className="comments" data-testid={testId} aria-labelledby={`${testId}-title`}>
      {data && !data.noAllowComment && <CommentBox course={course} bought={data.bought} onPosted={handlePosted} />}
      <h2 id={`${testId}-title`} className="comments-title">
        {t('comments.heading')}
        {data && <span className="comments-total">{t('comments.total', { n: data.total })}</span>}
      </h2>
      {!data && !error && <Loading />}
      {error && !data && <p className="catalogue-empty">{t('comments.loadFailed')}</p>}
      {data && data.list.length === 0 && (
        <p className="catalogue-empty" data-testid="comments-empty">
          {t('comments.empty')}
        </p>
      )}
      {data && data.list.length > 0 && (
        <ul className="comment-list" data-testid="comment-list">
          {data.list.map((comment) => (
            <CommentItem
              key={comment.cmid}
              comment={comment}
              busy={busy === comment.cmid}
              onLike={() => void handleLike(comment.cmid)}
              onDelete={() => void handleDelete(comment.cmid)}
            />
          ))}
        </ul>
      )}
      {data && pages > 1 && (
        <nav className="comments-pager" aria-label={t('comments.heading')} data-testid="comments-pager">
          <button type="button" className="btn btn-small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('comments.prev')}
          </button>
          <span className="comments-page">{t('comments.pageOf', { page, pages })}</span>
          <button type="button" className="btn btn-small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('comments.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
