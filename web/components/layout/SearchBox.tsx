import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useBootstrap } from '../../bootstrap';
import { useT } from '../../i18n';
import { courseListPath } from '../../routes';
import { schoolRoutePath } from '../../urls';
import { toast } from '../feedback';

/** The course search: goes to the course list with the key (#/courselist/0?key=...). */
export function SearchBox({ className = '' }: { className?: string }) {
  const t = useT();
  const boot = useBootstrap();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [key, setKey] = useState(params.get('key') ?? '');

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const keyword = key.trim();
    if (!keyword) {
      toast(t('nav.searchEmpty'));
      return;
    }
    const path = courseListPath(0, keyword);
    if (boot.page === 'home') navigate(path);
    else window.location.assign(schoolRoutePath(boot, path));
  };

  return (
    <form className={`search-box ${className}`} role="search" onSubmit={handleSubmit}>
      <input
        type="search"
        value={key}
        onChange={(event) => setKey(event.target.value)}
        placeholder={t('nav.search')}
        aria-label={t('nav.search')}
        maxLength={100}
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
