import { useEffect, useRef, useSyncExternalStore, type KeyboardEvent } from 'react';
import { TOAST_Z_INDEX } from '../../../shared/constants';
import { useT } from '../../i18n';
import { getState, subscribe, type AlertItem } from './store';

/** Renders the toasts and the alert dialogs opened with toast() / alert(); mounted once at the app root. */
export function FeedbackHost() {
  const { toasts, alerts } = useSyncExternalStore(subscribe, getState, getState);
  const top = alerts[alerts.length - 1];
  return (
    <>
      {top && <AlertDialog key={top.id} item={top} />}
      {toasts.length > 0 && (
        <div className="toast-layer" style={{ zIndex: TOAST_Z_INDEX }} role="status" aria-live="polite">
          {toasts.map((item) => (
            <div key={item.id} className="toast" data-testid="toast">
              {item.text}
            </div>
          ))}
        </div>
      )}
    </>
  );
}

function AlertDialog({ item }: { item: AlertItem }) {
  const t = useT();
  const okRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const hasCancel = item.confirm || item.cancelText !== undefined;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    okRef.current?.focus();
    return () => previous?.focus?.();
  }, []);

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && hasCancel) {
      event.preventDefault();
      item.resolve(false);
    }
    if (event.key === 'Tab') {
      // Keep the focus inside the dialog.
      const buttons = Array.from(dialogRef.current?.querySelectorAll('button') ?? []);
      const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
      const next = buttons[(index + (event.shiftKey ? -1 : 1) + buttons.length) % buttons.length];
      event.preventDefault();
      next?.focus();
    }
  };

  const titleId = `alert-title-${item.id}`;
  const textId = `alert-text-${item.id}`;
  return (
    <div className="dialog-mask" data-testid="alert-mask">
      <div
        ref={dialogRef}
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onKeyDown={handleKeyDown}
      >
        <h2 id={titleId} className="dialog-title">
          {item.title ?? t('common.notice')}
        </h2>
        <p id={textId} className="dialog-text">
          {item.text}
        </p>
        <div className="dialog-actions">
          {hasCancel && (
            <button type="button" className="btn" onClick={() => item.resolve(false)}>
              {item.cancelText ?? t('common.cancel')}
            </button>
          )}
          <button ref={okRef} type="button" className="btn btn-primary" onClick={() => item.resolve(true)}>
            {item.okText ?? t('common.ok')}
          </button>
        </div>
      </div>
    </div>
  );
}
