import type { Category, CatalogueState } from '../../../shared/rules/catalogue-state';
import { useT } from '../../i18n';

export interface NavigatorProps {
  state: CatalogueState;
  /** The first-level row: the configured entries, or all courses and the first-level categories. */
  firstRow: Category[];
  onFirst: (category: Category) => void;
  onSecond: (category: Category) => void;
  onThird: (category: Category) => void;
}

function Row({
  label,
  items,
  activeId,
  onPick,
  testId,
}: {
  label: string;
  items: Category[];
  activeId: string | undefined;
  onPick: (category: Category) => void;
  testId: string;
}) {
  return (
    <div className="cat-row" data-testid={testId}>
      <span className="cat-row-label">{label}</span>
      <ul className="cat-row-items">
        {items.map((category) => (
          <li key={category.catid}>
            <button
              type="button"
              className={`cat-chip${category.catid === activeId ? ' is-active' : ''}`}
              aria-pressed={category.catid === activeId}
              onClick={() => onPick(category)}
            >
              {category.title}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Desktop category navigator (spec 2): breadcrumb 'classification navigation' up to three levels, the first-level row, then second and third. */
export function DesktopNavigator({ state, firstRow, onFirst, onSecond, onThird }: NavigatorProps) {
  const t = useT();
  const [first, second, third] = state.breadcrumb;
  const firstActive = first?.catid ?? state.selectedId;
  const handleCrumb = (index: number) => {
    const category = state.breadcrumb[index];
    if (index === 0) onFirst(category);
    else if (index === 1) onSecond(category);
  };
  return (
    <section className="cat-nav" aria-label={t('catalogue.nav')}>
      <nav className="cat-breadcrumb" aria-label={t('catalogue.nav')} data-testid="catalogue-breadcrumb">
        <span className="cat-breadcrumb-home">{t('catalogue.nav')}</span>
        {state.breadcrumb.map((category, index) => (
          <span key={category.catid} className="cat-crumb">
            <span className="cat-crumb-sep" aria-hidden="true">
              ›
            </span>
            {index < state.breadcrumb.length - 1 ? (
              <button type="button" className="cat-crumb-link" onClick={() => handleCrumb(index)}>
                {category.title}
              </button>
            ) : (
              <span aria-current="page">{category.title}</span>
            )}
          </span>
        ))}
      </nav>
      <Row
        label={t('catalogue.allCategories')}
        items={firstRow}
        activeId={firstActive}
        onPick={onFirst}
        testId="cat-row-1"
      />
      {state.secondLevel.length > 0 && first && (
        <Row
          label={first.title}
          items={state.secondLevel}
          activeId={second?.catid}
          onPick={onSecond}
          testId="cat-row-2"
        />
      )}
      {state.thirdLevel.length > 0 && second && (
        <Row
          label={second.title}
          items={state.thirdLevel}
          activeId={third?.catid}
          onPick={onThird}
          testId="cat-row-3"
        />
      )}
    </section>
  );
}
