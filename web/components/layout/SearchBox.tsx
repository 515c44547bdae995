import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { searchAllowed, searchKeyword } from '../../../shared/rules/text';
import { useBootstrap } from '../../bootstrap';
import { useT } from '../../i18n';
import { courseListPath } from '../../paths';
import { schoolRoutePath } from '../../urls';
import { emitEmptySearch } from '../catalogue/events';
import { toast } from '../feedback';

/** The longest keyword the search call takes (KEYWORD_SEARCH_MAX of shared/schemas/courses; a unit test keeps them equal without loading that schema here). */
export const SEARCH_KEYWORD_MAX = 50;
/** How long one search counts as running: a second Enter within it opens nothing more. */
const SEARCH_LOCK_MS = 1000;

/**
 * The course search (spec 5): runs only with a non-empty keyword and when no search is running, and opens
 * the course list with the key in a new window (#/courselist/0?key=...). Clearing the box emits the
 * empty-search event the catalogue listens to.
 */
export function SearchBox({ className = '' }: { className?: string }) {
  const t = useT();
  const boot = useBootstrap();
  const [params] = useSearchParams();
  const [key, setKey] = useState(params.get('key') ?? params.get('search') ?? '');
  const running = useRef(false);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!searchKeyword(key)) {
      toast(t('nav.searchEmpty'));
      return;
    }
    if (!searchAllowed(key, running.current)) return;
    running.current = true;
    window.setTimeout(() => {
      running.current = false;
    }, SEARCH_LOCK_MS);
    const url = schoolRoutePath(boot, courseListPath(0, searchKeyword(key)));
    const opened = window.open(url, '_blank');
    if (opened) opened.opener = null;
    else window.location.assign(url);
  };

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    if (searchKeyword(key) !== '' && searchKeyword(next) === '') emitEmptySearch();
    setKey(next);
  };

  return (
    <form className={`search-box ${className}`} role="search" onSubmit={handleSubmit}>
      <input
        type="search"
        name="key"
        value={key}
        onChange={handleChange}
        placeholder={t('nav.search')}
        aria-label={t('nav.search')}
        maxLength={SEARCH_KEYWORD_MAX}
        enterKeyHint="search"
      />
      <button type="submit" aria-label={t('common.search')} title={t('common.search')}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </form>
  );
}
