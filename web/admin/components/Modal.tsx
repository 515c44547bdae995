import { useEffect, useId, useRef, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useT } from '../../i18n';

interface ModalProps {
  title: string;
  children: ReactNode;
  /** The primary button's text; the dialog is a form and Enter submits it. */
  submitText: string;
  onSubmit: () => void;
  onClose: () => void;
  busy?: boolean;
  danger?: boolean;
  /** Wide and scrolling within the window, for tall forms (a question, an import report, a chapter's exercises). */
  wide?: boolean;
  testId?: string;
}

/** A small form dialog of the back office: Escape or Cancel closes it, Enter submits; the focus starts on the first field. */
export function Modal({
  title,
  children,
  submitText,
  onSubmit,
  onClose,
  busy = false,
  danger = false,
  wide = false,
  testId,
}: ModalProps) {
  const t = useT();
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = formRef.current?.querySelector<HTMLElement>('input, select, textarea, button');
    first?.focus();
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
        className={`dialog ac-modal${wide ? ' ac-modal-wide' : ''}`}
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
        <div className="ac-modal-body">{children}</div>
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`} disabled={busy}>
            {submitText}
          </button>
        </div>
      </form>
    </div>
  );
}
