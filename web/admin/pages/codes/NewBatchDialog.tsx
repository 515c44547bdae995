import { useState } from 'react';
import { redeemCalls } from '../../../../shared/calls/redeem';
import {
  BATCH_COUNT_MAX,
  CODE_USES_MAX,
  REDEEM_KINDS,
  type Batch,
  type RedeemKind,
} from '../../../../shared/schemas/redeem';
import { request } from '../../../api/client';
import { toast } from '../../../components/feedback';
import { useCall } from '../../../hooks/useCall';
import { useT } from '../../../i18n';
import { failureText, fieldErrorsOf } from '../../api/errors';
import { Field } from '../../components/Field';
import { Modal } from '../../components/Modal';

/** A whole number typed in a field, or null when empty. */
const wholeOrNull = (text: string) => (text.trim() === '' ? null : Math.trunc(Number(text)));

/**
 * The new batch dialog: what the codes give (a published course, column or membership plan, searched by
 * title), a name, how many codes, uses per code, days valid after redeeming and the last day to redeem.
 */
export function NewBatchDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (batch: Batch) => void }) {
  const t = useT();
  const [kind, setKind] = useState<RedeemKind>('course');
  const [keyword, setKeyword] = useState('');
  const items = useCall(redeemCalls.items, { query: { kind, keyword } }, { keepPreviousData: true });
  const [id, setId] = useState('');
  const [title, setTitle] = useState('');
  const [count, setCount] = useState('100');
  const [uses, setUses] = useState('1');
  const [days, setDays] = useState('');
  const [expires, setExpires] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const list = items.data?.list ?? [];

  const handleSubmit = async () => {
    if (!id) return setErrors({ id: t('admin.codes.chooseItem') });
    setBusy(true);
    const reply = await request(redeemCalls.batchAdd, {
      body: {
        kind,
        id,
        title: title.trim(),
        count: wholeOrNull(count) ?? 0,
        uses: wholeOrNull(uses) ?? 1,
        days: wholeOrNull(days),
        expires_on: expires || null,
      },
    });
    setBusy(false);
    if (reply.status !== 'ok') {
      setErrors(fieldErrorsOf(reply));
      return toast(failureText(t, reply));
    }
    toast(t('admin.codes.created', { count: reply.data.count }));
    onCreated(reply.data);
  };

  return (
    <Modal
      title={t('admin.codes.dialogTitle')}
      submitText={t('admin.codes.create')}
      onSubmit={() => void handleSubmit()}
      onClose={onClose}
      busy={busy}
      wide
      testId="batch-dialog"
    >
      <div className="ac-stack">
        <Field label={t('admin.codes.kind')} name="kind">
          <select
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as RedeemKind);
              setId('');
            }}
            data-testid="batch-kind"
          >
            {REDEEM_KINDS.map((value) => (
              <option key={value} value={value}>
                {t(`admin.codes.kind.${value}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('admin.codes.itemSearch')} name="keyword">
          <input
            type="search"
            value={keyword}
            maxLength={50}
            onChange={(event) => setKeyword(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') event.preventDefault();
            }}
            data-testid="batch-item-search"
          />
        </Field>
        <Field label={t('admin.codes.item')} name="id" error={errors.id}>
          <select value={id} onChange={(event) => setId(event.target.value)} required data-testid="batch-item">
            <option value="">{items.data && list.length === 0 ? t('admin.codes.noItems') : '—'}</option>
            {list.map((item) => (
              <option key={item.id} value={item.id}>
                {item.title}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('admin.codes.batchTitle')} name="title" error={errors.title}>
          <input value={title} maxLength={60} onChange={(event) => setTitle(event.target.value)} />
        </Field>
        <Field label={t('admin.codes.count')} name="count" error={errors.count}>
          <input
            type="number"
            min={1}
            max={BATCH_COUNT_MAX}
            value={count}
            required
            onChange={(event) => setCount(event.target.value)}
            data-testid="batch-count"
          />
        </Field>
        <Field label={t('admin.codes.uses')} name="uses" error={errors.uses}>
          <input
            type="number"
            min={1}
            max={CODE_USES_MAX}
            value={uses}
            required
            onChange={(event) => setUses(event.target.value)}
            data-testid="batch-uses-input"
          />
        </Field>
        <Field label={t('admin.codes.days')} name="days" error={errors.days}>
          <input type="number" min={1} max={36500} value={days} onChange={(event) => setDays(event.target.value)} />
        </Field>
        <Field label={t('admin.codes.expiresOn')} name="expires_on" error={errors.expires_on}>
          <input type="date" value={expires} onChange={(event) => setExpires(event.target.value)} />
        </Field>
      </div>
    </Modal>
  );
}
