/**
 * Reading an OpenID Connect identity (issue 19): claims to a student's columns and groups, like the directory's
 * attribute mapping (server/modules/ldap/ldap-directory.ts). Pure, so the unit tables try every case.
 */

/** A claim as text: a string or a number; '' for anything else (objects, lists, missing). */
export function claimText(claims: Record<string, unknown>, name: string): string {
  if (!name) return '';
  const value = claims[name];
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** The groups claim as a list of values: a list of strings, or one string (space- or comma-separated). */
export function claimGroups(claims: Record<string, unknown>, name: string): string[] {
  if (!name) return [];
  const value = claims[name];
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,]+/) : [];
  return [...new Set(list.filter((v): v is string => typeof v === 'string').map((v) => v.trim()))].filter(Boolean);
}

/** The student groups the claim values map to (each mapping whose claim value is present). */
export function mappedGroups(values: readonly string[], mapping: readonly { claim: string; gid: string }[]): string[] {
  const have = new Set(values);
  return [...new Set(mapping.filter((m) => have.has(m.claim)).map((m) => m.gid))];
}

/**
 * A student's groups after a sign-in: the mapped groups follow the provider, groups that are not mapped stay
 * as an administrator set them. null when nothing changes.
 */
export function nextGroups(had: readonly string[], mappedGids: readonly string[], want: readonly string[]) {
  const mapped = new Set(mappedGids);
  const hadMapped = had.filter((g) => mapped.has(g)).sort();
  const wanted = [...new Set(want)].sort();
  if (hadMapped.join(',') === wanted.join(',')) return null;
  return [...had.filter((g) => !mapped.has(g)), ...wanted];
}
