import type { ReactNode } from 'react';
import { useT } from '../../../i18n';
import { moveItem, OrderButtons } from '../../components/OrderButtons';
import { useDragSort } from '../../hooks/useDragSort';

interface ListEditorProps<T> {
  items: T[];
  onChange: (items: T[]) => void;
  /** A new empty item. */
  make: () => T;
  max: number;
  addLabel: string;
  /** The heading of item n (1-based). */
  itemLabel: (index: number) => string;
  render: (item: T, update: (patch: Partial<T>) => void, index: number) => ReactNode;
  testId?: string;
}

/** An editable list of objects (banners, ads, teachers...): add, remove, reorder by dragging or buttons. */
export function ListEditor<T extends object>({
  items,
  onChange,
  make,
  max,
  addLabel,
  itemLabel,
  render,
  testId,
}: ListEditorProps<T>) {
  const t = useT();
  const drag = useDragSort((from, to) => onChange(moveItem(items, from, to)));
  return (
    <div className="ac-list-editor" data-testid={testId}>
      {items.length === 0 && <p className="ac-muted">{t('admin.home.emptyList')}</p>}
      <ol className="ac-list-items">
        {items.map((item, index) => (
          <li key={index} className="ac-list-item" {...drag.rowProps(index)}>
            <div className="ac-list-item-head">
              <span className="ac-grip" aria-hidden="true">
                ⋮⋮
              </span>
              <span className="ac-strong">{itemLabel(index + 1)}</span>
              <span className="ac-row-actions">
                <OrderButtons
                  index={index}
                  count={items.length}
                  label={itemLabel(index + 1)}
                  onMove={(to) => onChange(moveItem(items, index, to))}
                />
                <button
                  type="button"
                  className="btn btn-small btn-text ac-danger-text"
                  onClick={() => onChange(items.filter((_, other) => other !== index))}
                  aria-label={`${t('admin.common.remove')} ${itemLabel(index + 1)}`}
                >
                  {t('admin.common.remove')}
                </button>
              </span>
            </div>
            <div className="ac-grid ac-list-item-body">
              {render(
                item,
                (patch) => onChange(items.map((other, at) => (at === index ? { ...other, ...patch } : other))),
                index,
              )}
            </div>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="btn btn-small"
        disabled={items.length >= max}
        onClick={() => onChange([...items, make()])}
      >
        + {addLabel}
      </button>
      {items.length >= max && <span className="ac-hint"> {t('admin.home.max', { max })}</span>}
    </div>
  );
}
