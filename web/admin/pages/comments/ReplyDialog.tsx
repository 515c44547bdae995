import { useState } from 'react';
import { COMMENT_MAX, cleanCommentText, commentLength } from '../../../../shared/rules/comments';
import { commentCalls } from '../../../../shared/calls/comments';
import type { AdminComment } from '../../../../shared/schemas/comments';
import { request } from '../../../api/client';
import { toast } from '../../../components/feedback';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { Field } from '../../components/Field';
import { Modal } from '../../components/Modal';

/** The back office's reply to a comment: the comment quoted, a text of at most 256 characters with a counter. */
export function ReplyDialog({
  comment,
  onClose,
  onDone,
}: {
  comment: AdminComment;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const length = commentLength(text);

  const handleSubmit = async () => {
    if (cleanCommentText(text) === '') return toast(t('comments.emptyComment'));
    if (length > COMMENT_MAX) return toast(t('comments.moreWordAlert'));
    setBusy(true);
    const reply = await request(commentCalls.adminReply, { body: { cmid: comment.cmid, text } });
    setBusy(false);
    if (reply.status !== 'ok') return toast(failureText(t, reply));
    toast(t('admin.comments.replied'));
    onDone();
  };

  return (
    <Modal
      title={t('admin.comments.replyTitle', { name: comment.name })}
      submitText={t('admin.comments.reply')}
      onSubmit={() => void handleSubmit()}
      onClose={onClose}
      busy={busy}
      testId="reply-dialog"
    >
      <blockquote className="ac-comment-quote">{comment.text}</blockquote>
      <Field label={t('admin.comments.replyText')} hint={t('comments.counter', { n: length, max: COMMENT_MAX })}>
        <textarea rows={4} value={text} onChange={(event) => setText(event.target.value)} data-testid="reply-text" />
      </Field>
    </Modal>
  );
}
