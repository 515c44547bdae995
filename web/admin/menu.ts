import type { PermissionGroup } from '../../shared/constants';
import type { MessageKey } from '../../shared/i18n';
import type { AdminProfile } from '../../shared/schemas/admins';

/** A screen of a permission group's area (the sidebar's second level). */
export interface MenuLink {
  key: string;
  label: MessageKey;
  /** The hash route of the screen. */
  to: string;
}

export interface MenuEntry {
  key: 'home' | PermissionGroup;
  label: MessageKey;
  /** The hash route of the entry's screen; null while the screen does not exist yet (or when it only groups links). */
  to: string | null;
  /** The screens of the area, when it has several. */
  links?: MenuLink[];
}

/** The back-office sidebar in order (spec 3 permission groups). */
export const MENU: MenuEntry[] = [
  { key: 'home', label: 'admin.menu.home', to: '/' },
  {
    key: 'course',
    label: 'admin.menu.course',
    to: null,
    links: [
      { key: 'courses', label: 'admin.menu.courses', to: '/courses' },
      // Issue 17: live teaching.
      { key: 'live', label: 'admin.menu.live', to: '/live' },
      { key: 'categories', label: 'admin.menu.categories', to: '/categories' },
      { key: 'columns', label: 'admin.menu.columns', to: '/columns' },
      { key: 'tags', label: 'admin.menu.tags', to: '/tags' },
      { key: 'comments', label: 'admin.menu.comments', to: '/comments' },
      { key: 'qa', label: 'admin.menu.qa', to: '/qa' },
      { key: 'feedback', label: 'admin.menu.feedback', to: '/feedback' },
      { key: 'plans', label: 'admin.menu.plans', to: '/plans' },
      { key: 'members', label: 'admin.menu.members', to: '/members' },
      { key: 'codes', label: 'admin.menu.codes', to: '/codes' },
    ],
  },
  {
    key: 'resource',
    label: 'admin.menu.resource',
    to: null,
    links: [{ key: 'resources', label: 'admin.menu.resources', to: '/resources' }],
  },
  {
    key: 'student',
    label: 'admin.menu.student',
    to: null,
    links: [
      { key: 'records', label: 'admin.menu.records', to: '/records' },
      { key: 'review', label: 'admin.menu.review', to: '/review' },
      { key: 'students', label: 'admin.menu.students', to: '/students' },
      { key: 'groups', label: 'admin.menu.groups', to: '/groups' },
      { key: 'points', label: 'admin.menu.points', to: '/points' },
      { key: 'studentFields', label: 'admin.menu.studentFields', to: '/student-fields' },
      { key: 'studentSettings', label: 'admin.menu.studentSettings', to: '/student-settings' },
      { key: 'messages', label: 'admin.menu.messages', to: '/messages' },
    ],
  },
  {
    key: 'admin',
    label: 'admin.menu.admin',
    to: null,
    links: [
      { key: 'admins', label: 'admin.menu.admins', to: '/admins' },
      { key: 'adminGroups', label: 'admin.menu.adminGroups', to: '/admin-groups' },
    ],
  },
  {
    key: 'userpage',
    label: 'admin.menu.userpage',
    to: null,
    links: [
      { key: 'homepage', label: 'admin.menu.homepage', to: '/homepage' },
      { key: 'articles', label: 'admin.menu.articles', to: '/articles' },
      // Issue 16: announcements.
      { key: 'announcements', label: 'admin.menu.announcements', to: '/announcements' },
    ],
  },
  {
    key: 'setting',
    label: 'admin.menu.setting',
    to: null,
    links: [
      { key: 'ldap', label: 'admin.menu.ldap', to: '/ldap' },
      // Issue 19: single sign-on (OpenID Connect).
      { key: 'oidc', label: 'admin.menu.oidc', to: '/oidc' },
      // Issue 19: the exam platform (yks) frame.
      { key: 'yks', label: 'admin.menu.yks', to: '/yks' },
      { key: 'licence', label: 'admin.menu.licence', to: '/licence' },
      { key: 'orders', label: 'admin.orders.menu', to: '/orders' },
      { key: 'inform', label: 'admin.menu.inform', to: '/inform' },
    ],
  },
  {
    key: 'exam',
    label: 'admin.menu.exam',
    to: null,
    links: [
      { key: 'exams', label: 'admin.menu.exams', to: '/exams' },
      { key: 'papers', label: 'admin.menu.papers', to: '/papers' },
      { key: 'examCategories', label: 'admin.menu.examCategories', to: '/exam-categories' },
      { key: 'marking', label: 'admin.menu.marking', to: '/marking' },
    ],
  },
  {
    key: 'question',
    label: 'admin.menu.question',
    to: null,
    links: [{ key: 'questions', label: 'admin.menu.questions', to: '/questions' }],
  },
];

export const isMainAdmin = (profile: Pick<AdminProfile, 'adminType'>) => profile.adminType === '0';

/**
 * The one permission check of the back office's UI: may this administrator see an area? The overview
 * always; 'admin' for the main admin or a holder of it; the others with their permission group.
 * The sidebar and the hash-route guards both ask it (the server enforces the same groups on every call).
 */
export function canAccess(profile: Pick<AdminProfile, 'adminType' | 'permissions'>, group: MenuEntry['key']): boolean {
  if (group === 'home') return true;
  if (group === 'admin') return isMainAdmin(profile) || profile.permissions.includes('admin');
  return profile.permissions.includes(group);
}

/** The entries an administrator sees: the overview always, the others only with their permission group. */
export function visibleMenu(profile: Pick<AdminProfile, 'adminType' | 'permissions'>): MenuEntry[] {
  return MENU.filter((entry) => canAccess(profile, entry.key));
}
