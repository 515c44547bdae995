import { useState } from 'react';
import { commentCalls } from '../../../../shared/calls/comments';
import { formatDateMinutes } from '../../../../shared/rules/dates';
import type { AdminComment } from '../../../../shared/schemas/comments';
import { request } from '../../../api/client';
import { toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useLocale, useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { CourseSelect } from '../../components/CourseSelect';
import { DataTable, DeleteButton, LoadError, RowActions } from '../../components/DataTable';
import { ListToolbar, SearchForm, Segmented } from '../../components/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { useRowAction } from '../../hooks/useRowAction';
import { ReplyDialog } from './ReplyDialog';

const PAGE_SIZE = 20;
const FILTERS = [
  { key: 'all', hidden: undefined, label: 'admin.comments.filter.all' },
  { key: 'visible', hidden: 0, label: 'admin.comments.filter.visible' },
  { key: 'hidden', hidden: 1, label: 'admin.comments.filter.hidden' },
] as const;

/**
 * Comments (评论管理, permission course): the school's comments with course, author, text, time, likes
 * and state; filters by course, keyword and state; reply, hide or show, delete; and the school's switch
 * that lets students comment (noAllowComment, spec 3 'Student settings').
 */
export default function CommentsPage() {
  const t = useT();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const [coid, setCoid] = useState('');
  const [keyword, setKeyword] = useState('');
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>(FILTERS[0]);
  const [replying, setReplying] = useState<AdminComment | null>(null);
  const query = { page, num: PAGE_SIZE, coid: coid || undefined, keyword: keyword || undefined, hidden: filter.hidden };
  const { data, error, mutate } = useCall(commentCalls.adminList, { query }, { keepPreviousData: true });
  const setting = useCall(commentCalls.setting, {});
  const [savingSetting, setSavingSetting] = useState(false);
  const { busy, run } = useRowAction(() => mutate());
  const rows = data?.list ?? [];
  const time = (seconds: number) => formatDateMinutes(seconds * 1000, locale);

  const handleAllow = async (allow: boolean) => {
    setSavingSetting(true);
    const reply = await request(commentCalls.saveSetting, { body: { noAllowComment: !allow } });
    setSavingSetting(false);
    if (reply.status !== 'ok') return toast(failureText(t, reply));
    await setting.mutate(reply.data, { revalidate: false });
    toast(allow ? t('admin.comments.allowOn') : t('admin.comments.allowOff'));
  };

  const handleDelete = (cmid: string) =>
    run(() => request(commentCalls.adminRemove, { body: { cmids: [cmid] } }), t('admin.comments.deleted'));

  const toggleHidden = (cmid: string, hidden: boolean) =>
    run(
      () => request(commentCalls.hide, { body: { cmids: [cmid], hidden: hidden ? 0 : 1 } }),
      hidden ? t('admin.comments.shownDone') : t('admin.comments.hiddenDone'),
    );

  return (
    <div className="ac-page" data-testid="comments-page">
      <PageHeader title={t('admin.comments.title')}>
        <label className="ac-switch" data-testid="allow-comments">
          <input
            type="checkbox"
            // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox carries its checked state
            role="switch"
            checked={setting.data ? !setting.data.noAllowComment : false}
            disabled={!setting.data || savingSetting}
            onChange={(event) => void handleAllow(event.target.checked)}
          />
          <span className="ac-switch-track" aria-hidden="true" />
          {t('admin.comments.allow')}
        </label>
      </PageHeader>
      <section className="card ac-card">
        <ListToolbar>
          <SearchForm
            placeholder={t('admin.comments.keyword')}
            buttonText={t('admin.comments.search')}
            onSearch={(value) => {
              setPage(1);
              setKeyword(value);
            }}
          />
          <CourseSelect
            value={coid}
            label={t('admin.comments.course')}
            emptyLabel={t('admin.comments.allCourses')}
            testId="course-filter"
            onChange={(value) => {
              setPage(1);
              setCoid(value);
            }}
          />
          <Segmented
            label={t('admin.comments.state')}
            options={FILTERS}
            value={filter.key}
            onChange={(item) => {
              setPage(1);
              setFilter(item);
            }}
          />
        </ListToolbar>
        {error && !data ? (
          <LoadError onRetry={() => void mutate()} />
        ) : (
          <DataTable
            className="ac-table ac-comment-table"
            columns={[
              t('admin.comments.text'),
              t('admin.comments.course'),
              t('admin.comments.author'),
              t('admin.comments.time'),
              t('admin.comments.likes'),
              t('admin.comments.state'),
            ]}
            empty={data && rows.length === 0 && t('admin.comments.empty')}
          >
            {rows.map((row) => (
              <tr
                key={row.cmid}
                data-testid="comment-row"
                data-cmid={row.cmid}
                className={row.hidden ? 'is-hidden' : ''}
              >
                <td data-label={t('admin.comments.text')} className="ac-comment-cell">
                  <p className="ac-comment-text">{row.text}</p>
                  {row.reply.length > 0 && (
                    <ul className="ac-comment-replies">
                      {row.reply.map((reply) => (
                        <li key={reply.cmid} data-testid="admin-reply" className={reply.hidden ? 'is-hidden' : ''}>
                          <span className="badge">
                            {reply.role === 'admin' ? t('admin.comments.adminReply') : reply.name}
                          </span>
                          <span className="ac-comment-text">{reply.text}</span>
                          <span className="ac-muted">
                            {reply.name} · {time(reply.time)}
                          </span>
                          <span className="ac-comment-reply-tools">
                            <button
                              type="button"
                              className="btn btn-small"
                              disabled={busy}
                              onClick={() => void toggleHidden(reply.cmid, reply.hidden)}
                            >
                              {reply.hidden ? t('admin.comments.show') : t('admin.comments.hide')}
                            </button>
                            <DeleteButton
                              busy={busy}
                              confirmText={t('admin.comments.deleteReply')}
                              onDelete={() => handleDelete(reply.cmid)}
                            />
                          </span>
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td data-label={t('admin.comments.course')}>
                  <span className="ac-strong">{row.title}</span>
                  {row.chapterTitle && (
                    <p className="ac-muted">{t('admin.comments.chapter', { title: row.chapterTitle })}</p>
                  )}
                </td>
                <td data-label={t('admin.comments.author')}>{row.name}</td>
                <td data-label={t('admin.comments.time')} className="ac-muted">
                  {time(row.time)}
                </td>
                <td data-label={t('admin.comments.likes')}>{row.count}</td>
                <td data-label={t('admin.comments.state')}>
                  <span className={`ac-state ${row.hidden ? 'is-off' : 'is-on'}`} data-testid="comment-state">
                    {row.hidden ? t('admin.comments.hidden') : t('admin.comments.shown')}
                  </span>
                </td>
                <RowActions>
                  <button
                    type="button"
                    className="btn btn-small"
                    disabled={busy}
                    onClick={() => setReplying(row)}
                    data-testid="reply-comment"
                  >
                    {t('admin.comments.reply')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-small"
                    disabled={busy}
                    onClick={() => void toggleHidden(row.cmid, row.hidden)}
                    data-testid="hide-comment"
                  >
                    {row.hidden ? t('admin.comments.show') : t('admin.comments.hide')}
                  </button>
                  <DeleteButton
                    busy={busy}
                    confirmText={t('admin.comments.deleteOne', { name: row.name })}
                    onDelete={() => handleDelete(row.cmid)}
                    testId="delete-comment"
                  />
                </RowActions>
              </tr>
            ))}
          </DataTable>
        )}
        {data && <Pager page={page} num={PAGE_SIZE} total={data.total} onPage={setPage} />}
      </section>
      {replying && (
        <ReplyDialog
          comment={replying}
          onClose={() => setReplying(null)}
          onDone={() => {
            setReplying(null);
            void mutate();
          }}
        />
      )}
    </div>
  );
}
