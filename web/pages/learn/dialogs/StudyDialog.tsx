import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useT } from '../../../i18n';
import { useDialogFocus } from '../../../hooks/useDialogFocus';

export interface DialogAction {
  label: string;
  onClick: () => void;
  primary?: boolean;
  testId?: string;
}

/**
 * The frame of the study page's dialogs (spec 2 Dialogs: chapter-complete tip, finish, end-of-trial, switch
 * reminder, leave reminder, the staged plan's opening window): a modal with a title, a close icon when the
 * dialog may be closed, its text and buttons. Focus goes to the primary button and stays inside; Escape
 * closes when a close is offered.
 */
export function StudyDialog({
  title,
  children,
  actions,
  onClose,
  testId,
  className = '',
}: {
  title: string;
  children: ReactNode;
  actions: DialogAction[];
  /** Offers the close icon (and Escape); leave out for a dialog that must be answered. */
  onClose?: () => void;
  testId: string;
  className?: string;
}) {
  const t = useT();
  const id = useId();
  const box = useRef<HTMLDivElement>(null);

  useDialogFocus(box, '.btn-primary');

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && onClose) {
      event.preventDefault();
      onClose();
    }
    if (event.key === 'Tab') {
      const buttons = Array.from(box.current?.querySelectorAll('button') ?? []);
      const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
      event.preventDefault();
      buttons[(index + (event.shiftKey ? -1 : 1) + buttons.length) % buttons.length]?.focus();
    }
  };

  return (
    <div className="dialog-mask studyflow-mask" data-testid={`${testId}-mask`}>
      <div
        ref={box}
        className={`dialog studyflow-dialog ${className}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        data-testid={testId}
        onKeyDown={onKeyDown}
      >
        <header className="studyflow-dialog-head">
          <h2 id={`${id}-title`} className="dialog-title">
            {title}
          </h2>
          {onClose && (
            <button
              type="button"
              className="studyflow-close"
              aria-label={t('learn.flow.close')}
              onClick={onClose}
              data-testid={`${testId}-close`}
            >
              ×
            </button>
          )}
        </header>
        <div className="dialog-text studyflow-dialog-body">{children}</div>
        <div className="dialog-actions">
          {actions.map((action) => (
            <button
              key={action.label}
              type="button"
              className={`btn${action.primary ? ' btn-primary' : ''}`}
              onClick={action.onClick}
              data-testid={action.testId}
            >
              {action.label}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
