import type { PermissionGroup } from '../../shared/constants';
import type { MessageKey } from '../../shared/i18n';
import type { AdminProfile } from '../../shared/schemas/admins';

export interface MenuEntry {
  key: 'home' | PermissionGroup;
  label: MessageKey;
  /** The hash route of the entry's screen; null while the screen does not exist yet. */
  to: string | null;
}

/** The back-office sidebar in order (spec 3 permission groups). */
export const MENU: MenuEntry[] = [
  { key: 'home', label: 'admin.menu.home', to: '/' },
  { key: 'course', label: 'admin.menu.course', to: null },
  { key: 'resource', label: 'admin.menu.resource', to: null },
  { key: 'student', label: 'admin.menu.student', to: null },
  { key: 'admin', label: 'admin.menu.admin', to: null },
  { key: 'userpage', label: 'admin.menu.userpage', to: null },
  { key: 'setting', label: 'admin.menu.setting', to: null },
  { key: 'exam', label: 'admin.menu.exam', to: null },
  { key: 'question', label: 'admin.menu.question', to: null },
];

export const isMainAdmin = (profile: Pick<AdminProfile, 'adminType'>) => profile.adminType === '0';

/** The entries an administrator sees: the overview always, the others only with their permission group. */
export function visibleMenu(profile: Pick<AdminProfile, 'adminType' | 'permissions'>): MenuEntry[] {
  return MENU.filter((entry) => {
    if (entry.key === 'home') return true;
    if (entry.key === 'admin') return isMainAdmin(profile) || profile.permissions.includes('admin');
    return profile.permissions.includes(entry.key);
  });
}
