import { useEffect, useRef } from 'react';
import type { Category, CatalogueState } from '../../../shared/rules/catalogue-state';
import { useT } from '../../i18n';

export interface DrawerProps {
  state: CatalogueState;
  onPickLeft: (category: Category) => void;
  onPickRight: (category: Category) => void;
  /** Whether a category has children (a leaf shows no '›': there is nothing further down). */
  hasChildren: (category: Category) => boolean;
  onBack: () => void;
  onClose: () => void;
}

/**
 * The mobile category drawer (spec 2, 4): full screen, parents on the left and the picked one's children
 * on the right; picking a right item moves one level down (the back stack keeps the level it left), and a
 * third-level one also closes the drawer; the bottom button 'choose: {current}' closes it on the current selection.
 */
export function MobileDrawer({ state, onPickLeft, onPickRight, hasChildren, onBack, onClose }: DrawerProps) {
  const t = useT();
  const closeRef = useRef<HTMLButtonElement>(null);
  const leftActive = state.breadcrumb[state.backStack.length]?.catid ?? state.selectedId;

  useEffect(() => {
    closeRef.current?.focus();
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const handleKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', handleKey);
    return () => {
      document.body.style.overflow = previous;
      document.removeEventListener('keydown', handleKey);
    };
  }, [onClose]);

  return (
    <div className="cat-drawer" role="dialog" aria-modal="true" aria-labelledby="cat-drawer-title" data-testid="drawer">
      <header className="cat-drawer-head">
        <button
          type="button"
          className="cat-drawer-back"
          onClick={onBack}
          disabled={state.backStack.length === 0}
          data-testid="drawer-back"
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              d="M15 5l-7 7 7 7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          {t('catalogue.backLevel')}
        </button>
        <h2 id="cat-drawer-title">{t('catalogue.nav')}</h2>
        <button
          ref={closeRef}
          type="button"
          className="cat-drawer-close"
          aria-label={t('common.close')}
          onClick={onClose}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </header>
      <div className="cat-drawer-body">
        <ul className="cat-drawer-left" data-testid="drawer-left">
          {state.leftList.map((category) => (
            <li key={category.catid}>
              <button
                type="button"
                className={category.catid === leftActive ? 'is-active' : ''}
                aria-pressed={category.catid === leftActive}
                onClick={() => onPickLeft(category)}
              >
                {category.title}
              </button>
            </li>
          ))}
        </ul>
        <div className="cat-drawer-right" data-testid="drawer-right">
          {state.rightList.length === 0 ? (
            <p className="cat-drawer-empty">{t('catalogue.noCategoryData')}</p>
          ) : (
            <ul>
              {state.rightList.map((category) => (
                <li key={category.catid}>
                  <button type="button" onClick={() => onPickRight(category)} data-leaf={!hasChildren(category)}>
                    <span>{category.title}</span>
                    {hasChildren(category) && (
                      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" data-testid="drawer-more">
                        <path
                          d="M9 5l7 7-7 7"
                          fill="none"
                          stroke="currentColor"
                          strokeWidth="2"
                          strokeLinecap="round"
                          strokeLinejoin="round"
                        />
                      </svg>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <footer className="cat-drawer-foot">
        <button type="button" className="btn btn-primary btn-block" onClick={onClose} data-testid="drawer-choose">
          {t('catalogue.choose', { name: state.currentName })}
        </button>
      </footer>
    </div>
  );
}
