import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { orderCalls } from '../../../shared/calls/orders';
import type { Order } from '../../../shared/schemas/orders';
import { request } from '../../api/client';
import { TextField } from '../../components/TextField';
import { useDialogFocus } from '../../hooks/useDialogFocus';
import { useT } from '../../i18n';

/** invoices/add for a paid order: personal or company (with its tax number), title, e-mail. */
export function InvoiceDialog({ order, onClose, onDone }: { order: Order; onClose: () => void; onDone: () => void }) {
  const t = useT();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [kind, setKind] = useState<'personal' | 'company'>('personal');
  const [title, setTitle] = useState('');
  const [tax, setTax] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useDialogFocus(formRef, 'input');

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (kind === 'company' && !tax.trim()) return setError(t('orders.invoice.taxRequired'));
    setBusy(true);
    const reply = await request(orderCalls.invoice, {
      body: { orderid: order.orderid, kind, title, tax_number: tax, email },
    });
    setBusy(false);
    if (reply.status !== 'ok') return setError(reply.error);
    onDone();
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
  };

  return (
    <div className="dialog-mask">
      <form
        ref={formRef}
        className="dialog invoice-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        onKeyDown={handleKeyDown}
        onSubmit={(event) => void handleSubmit(event)}
        data-testid="invoice-dialog"
      >
        <h2 id={`${id}-title`} className="dialog-title">
          {t('orders.invoice.title')}
        </h2>
        <fieldset className="field">
          <legend>{t('orders.invoice.kind')}</legend>
          {(['personal', 'company'] as const).map((item) => (
            <label key={item} className="radio">
              <input type="radio" name="kind" checked={kind === item} onChange={() => setKind(item)} />
              {t(`orders.invoice.${item}`)}
            </label>
          ))}
        </fieldset>
        <TextField
          label={t('orders.invoice.name')}
          value={title}
          required
          maxLength={100}
          onChange={(e) => setTitle(e.target.value)}
        />
        {kind === 'company' && (
          <TextField
            label={t('orders.invoice.tax')}
            value={tax}
            maxLength={30}
            onChange={(e) => setTax(e.target.value)}
          />
        )}
        <TextField
          label={t('orders.invoice.email')}
          type="email"
          value={email}
          maxLength={100}
          onChange={(e) => setEmail(e.target.value)}
        />
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('orders.invoice.submit')}
          </button>
        </div>
      </form>
    </div>
  );
}
