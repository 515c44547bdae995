import { useSearchParams } from 'react-router';

/**
 * A list's filters kept in the address (so back/forward and reload keep them): setFilter changes some,
 * drops those back at their default ('' always, 'page' at '1', plus the given defaults), and goes back
 * to the first page unless the change is the page itself. `page` is the address's page number (1 when
 * absent or not a positive number).
 */
export function useQueryFilters(defaults: Record<string, string>, onChange?: () => void) {
  const [params, setParams] = useSearchParams();
  const setFilter = (change: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(change)) {
      const isDefault = value === '' || (key === 'page' && value === '1') || defaults[key] === value;
      if (isDefault) next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in change)) next.delete('page');
    onChange?.();
    setParams(next);
  };
  const page = Math.max(1, Number(params.get('page')) || 1);
  return { params, page, setFilter };
}
