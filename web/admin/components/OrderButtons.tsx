import { useT } from '../../i18n';

/** Move up / move down buttons of a row in an ordered list (the keyboard and test alternative to dragging). */
export function OrderButtons({
  index,
  count,
  onMove,
  label,
}: {
  index: number;
  count: number;
  onMove: (to: number) => void;
  label?: string;
}) {
  const t = useT();
  return (
    <>
      <button
        type="button"
        className="btn btn-small btn-icon"
        disabled={index <= 0}
        onClick={() => onMove(index - 1)}
        aria-label={`${t('admin.common.moveUp')}${label ? ` ${label}` : ''}`}
        title={t('admin.common.moveUp')}
      >
        ↑
      </button>
      <button
        type="button"
        className="btn btn-small btn-icon"
        disabled={index >= count - 1}
        onClick={() => onMove(index + 1)}
        aria-label={`${t('admin.common.moveDown')}${label ? ` ${label}` : ''}`}
        title={t('admin.common.moveDown')}
      >
        ↓
      </button>
    </>
  );
}

/** The list with one item moved from one index to another. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}
