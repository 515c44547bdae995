import { useEffect, useId, useRef, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useT } from '../../../i18n';

/**
 * The back office's Modal (same classes and keys: Escape or Cancel closes, Enter in a field submits, focus
 * starts on the first field) made wide and scrolling within the window, for the question form and the import
 * report, which are taller than a small dialog.
 */
export function WideDialog({ title, children, submitText, onSubmit, onClose, busy = false, testId }: { title: string; children: ReactNode; submitText: string; onSubmit: () => void; onClose: () => void; busy?: boolean; testId?: string }) {
  const t = useT();
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    formRef.current?.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
    return () => previous?.focus?.();
  }, []);
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <div className="dialog-mask ac-modal-mask">
      <form
        ref={formRef}
        className="dialog ac-modal"
        style={{ maxWidth: 760, maxHeight: 'calc(100dvh - 32px)', overflowY: 'auto', overscrollBehavior: 'contain' }}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={handleKeyDown}
        onSubmit={handleSubmit}
        data-testid={testId}
      >
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        <div style={{ display: 'grid', gap: 14 }}>{children}</div>
        <div className="dialog-actions" style={{ position: 'sticky', bottom: -24, background: '#fff', paddingBlock: 12 }}>
          <button type="button" className="btn" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {submitText}
          </button>
        </div>
      </form>
    </div>
  );
}
