import { useState } from 'react';
import { qaCalls } from '../../../../shared/calls/qa';
import { QA_TEXT_MAX, textRefusal } from '../../../../shared/rules/qa-notes';
import type { ManagedQuestion } from '../../../../shared/schemas/qa';
import { request } from '../../../api/client';
import { toast } from '../../../components/feedback';
import { useT } from '../../../i18n';
import { failureText } from '../../api/errors';
import { Field } from '../../components/Field';
import { Modal } from '../../components/Modal';

/** A teacher's answer to a question: the question quoted, plain text of at most 500 characters with a counter. */
export function AnswerDialog({
  question,
  onClose,
  onDone,
}: {
  question: ManagedQuestion;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useT();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const count = Array.from(text.trim()).length;

  const handleSubmit = async () => {
    const refusal = textRefusal(text, QA_TEXT_MAX);
    if (refusal) return toast(refusal === 'emptyText' ? t('qa.emptyText') : t('qa.tooLong', { max: QA_TEXT_MAX }));
    setBusy(true);
    const reply = await request(qaCalls.answer, { body: { qid: question.qid, body: text } });
    setBusy(false);
    if (reply.status !== 'ok') return toast(failureText(t, reply));
    toast(t('admin.qa.answered'));
    onDone();
  };

  return (
    <Modal
      title={t('admin.qa.answerTitle')}
      submitText={t('admin.qa.send')}
      onSubmit={() => void handleSubmit()}
      onClose={onClose}
      busy={busy}
      testId="answer-dialog"
    >
      <blockquote className="ac-comment-quote">{question.body}</blockquote>
      <Field label={t('admin.qa.answerPlaceholder')} hint={t('qa.counter', { count, max: QA_TEXT_MAX })}>
        <textarea rows={4} value={text} onChange={(event) => setText(event.target.value)} data-testid="answer-text" />
      </Field>
    </Modal>
  );
}
