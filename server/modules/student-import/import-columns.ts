/**
 * Columns and groups of a student file (groups by name): which column a
 * header names, in Chinese or English, and which student group a name or a 'Parent/Child' path names. Pure.
 */
import type { ImportColumn } from '../../../shared/schemas/student-import';

/** The header texts each standard column accepts (compared without spaces, case, or a required-mark '*'). */
export const COLUMN_NAMES: Record<ImportColumn, string[]> = {
  username: ['用户名', '账号', '帐号', '登录名', 'username', 'user name', 'login'],
  name: ['姓名', '名字', '真实姓名', 'name', 'full name'],
  password: ['密码', '初始密码', 'password'],
  email: ['邮箱', '电子邮箱', '邮件', 'email', 'e-mail', 'mail'],
  phone: ['手机', '手机号', '手机号码', '电话', 'phone', 'mobile'],
  groups: ['分组', '用户组', '学生分组', '组', 'groups', 'group'],
};

/** The headers the template writes, per language. */
export const TEMPLATE_HEADERS: Record<'zh-CN' | 'en-gb', Record<ImportColumn, string>> = {
  'zh-CN': { username: '用户名', name: '姓名', password: '密码', email: '邮箱', phone: '手机', groups: '分组' },
  'en-gb': {
    username: 'username',
    name: 'name',
    password: 'password',
    email: 'email',
    phone: 'phone',
    groups: 'groups',
  },
};

/** A header as compared: without spaces, case, a required-mark '*', or the apostrophe a CSV's formula guard put first. */
export const squashHeader = (text: string) =>
  text
    .replace(/^'/, '')
    .replace(/[\s*＊]+/g, '')
    .toLowerCase();

export type ColumnMatch = { index: number; header: string } & (
  | { kind: ImportColumn }
  | { kind: 'field'; fieldId: string }
);

/**
 * Matches each header to a standard column or a custom field (by its name); the rest are unknown. A standard
 * name wins over a field of the same name; a second column naming the same thing is unknown (the first counts).
 */
export function matchColumns(
  headers: string[],
  fields: { id: string; name: string }[],
): { matches: ColumnMatch[]; unknown: string[] } {
  const standard = new Map<string, ImportColumn>();
  for (const [column, names] of Object.entries(COLUMN_NAMES) as [ImportColumn, string[]][])
    for (const name of names) standard.set(squashHeader(name), column);
  const fieldByName = new Map(fields.map((f) => [squashHeader(f.name), f.id]));
  const seen = new Set<string>();
  const matches: ColumnMatch[] = [];
  const unknown: string[] = [];
  headers.forEach((header, index) => {
    const key = squashHeader(header);
    if (!key) return;
    const column = standard.get(key);
    const fieldId = column ? undefined : fieldByName.get(key);
    const id = column ?? (fieldId ? `field:${fieldId}` : undefined);
    if (!id || seen.has(id)) return void unknown.push(header);
    seen.add(id);
    matches.push(column ? { index, header, kind: column } : { index, header, kind: 'field', fieldId: fieldId! });
  });
  return { matches, unknown };
}

/** The group names of a cell: separated by ; ； , ， or 、. */
export function splitGroups(cell: string): string[] {
  return [
    ...new Set(
      cell
        .split(/[;；,，、]/)
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
}

export type GroupLookup = { id: string } | { problem: 'unknownGroup' | 'ambiguousGroup' };

/**
 * Resolves group names against the school's groups: a plain name names the one group so called (two groups of
 * that name anywhere in the tree is ambiguous: write the path); 'Parent/Child' names a group by its path from
 * the top. Never creates a group: an unknown name is the row's problem.
 */
export function groupResolver(
  groups: { id: string; parentId: string | null; name: string }[],
): (name: string) => GroupLookup {
  const byId = new Map(groups.map((g) => [g.id, g]));
  const pathOf = (id: string): string => {
    const names: string[] = [];
    const seen = new Set<string>();
    for (let g = byId.get(id); g && !seen.has(g.id); g = g.parentId ? byId.get(g.parentId) : undefined) {
      seen.add(g.id);
      names.unshift(g.name.trim());
    }
    return names.join('/');
  };
  const byName = new Map<string, string[]>();
  const byPath = new Map<string, string>();
  for (const g of groups) {
    const name = g.name.trim();
    byName.set(name, [...(byName.get(name) ?? []), g.id]);
    byPath.set(pathOf(g.id), g.id);
  }
  return (raw) => {
    const name = raw.trim();
    if (name.includes('/')) {
      const id = byPath.get(
        name
          .split('/')
          .map((part) => part.trim())
          .filter(Boolean)
          .join('/'),
      );
      return id ? { id } : { problem: 'unknownGroup' };
    }
    const ids = byName.get(name) ?? [];
    if (ids.length === 1) return { id: ids[0] };
    return { problem: ids.length === 0 ? 'unknownGroup' : 'ambiguousGroup' };
  };
}
