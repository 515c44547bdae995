import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { IntroTabs, type IntroTab } from './IntroTabs';

/** The desktop bar fixed at the top once the page is scrolled past the info section: title, tabs and the main button. */
export function FixedTopBar({
  visible,
  title,
  tabs,
  action,
}: {
  visible: boolean;
  title: string;
  tabs: IntroTab[];
  action: ReactNode;
}) {
  if (!visible) return null;
  return (
    <div className="intro-fixed" data-testid="fixed-top-bar">
      <div className="container intro-fixed-inner">
        <span className="intro-fixed-title">{title}</span>
        <IntroTabs tabs={tabs} className="is-compact" testId="fixed-tabs" />
        <div className="intro-fixed-action">{action}</div>
      </div>
    </div>
  );
}

/** The mobile bottom action bar: bookmark and the main action (sharing is hidden in the lan release). */
export function MobileActionBar({ children }: { children: ReactNode }) {
  return (
    <div className="m-action-bar" data-testid="mobile-action-bar">
      {children}
    </div>
  );
}

/** The main button of an intro page. */
export function MainButton({
  label,
  disabled,
  onClick,
  className = '',
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={`btn btn-primary main-button ${className}`}
      disabled={disabled}
      onClick={onClick}
      data-testid="main-button"
    >
      {label}
    </button>
  );
}

/**
 * Switching tabs changes the route, and the shell scrolls to the top on every route change: when the
 * reader was already below the info section, bring the tab content back to just under the top bars.
 */
export function useTabsStayInView(
  tab: string,
  bodyRef: RefObject<HTMLElement | null>,
  past: boolean,
  offset: number,
): void {
  const pastRef = useRef(past);
  pastRef.current = past;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!pastRef.current) return;
    // After the shell's own effect (parents run theirs after children) and before the next frame.
    let cancelled = false;
    queueMicrotask(() => {
      const body = bodyRef.current;
      if (!cancelled && body) window.scrollTo(0, body.getBoundingClientRect().top + window.scrollY - offset);
    });
    return () => {
      cancelled = true;
    };
  }, [tab, bodyRef, offset]);
}
