import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useBootstrap } from '../../bootstrap';
import { schoolRoutePath } from '../../urls';

interface SiteLinkProps {
  /** A hash route of the school site, e.g. '/' or '/courselist/0'. */
  to: string;
  children: ReactNode;
  className?: string;
  /** Extra path prefix that also marks the link active (e.g. '/courselist/'). */
  activePrefix?: string;
  end?: boolean;
  onClick?: () => void;
  role?: string;
}

/**
 * A link to a screen of the school site. On the school home page it is a hash-router link; on the
 * other server pages (learn, course ...) it opens the school home page at that hash route.
 */
export function SiteLink({ to, children, className = '', activePrefix, end, onClick, role }: SiteLinkProps) {
  const boot = useBootstrap();
  if (boot.page === 'home') {
    return (
      <NavLink
        to={to}
        end={end}
        onClick={onClick}
        role={role}
        className={({ isActive, isPending }) => {
          const active =
            isActive || isPending || (activePrefix ? window.location.hash.startsWith(`#${activePrefix}`) : false);
          return `${className}${active ? ' is-active' : ''}`;
        }}
      >
        {children}
      </NavLink>
    );
  }
  return (
    <a className={className} href={schoolRoutePath(boot, to)} onClick={onClick} role={role}>
      {children}
    </a>
  );
}
