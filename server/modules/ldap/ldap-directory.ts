/**
 * Reading the directory for a sync: every person under the base DN matching the user filter (paged, 500 a
 * page), mapped to what a student row would hold, and the members of each mapped group or OU.
 * Any failure throws: a sync never works from a partial read.
 */
import { OrFilter, EqualityFilter, type Client, type Entry } from 'ldapts';
import { loginNameKey } from '../../../shared/rules/login-name';
import { fieldProblem } from '../../../shared/rules/student-fields';
import type { LdapConfig } from '../../../shared/schemas/ldap';
import { first, normDN, searchAll, values } from './ldap-client';
import type { StudentField } from '../../../shared/schemas/students';

export interface DirectoryPerson {
  dn: string;
  ndn: string;
  username: string;
  name: string;
  email: string;
  phone: string;
  /** Mapped custom field values by field id (invalid values left out, reported as errors). */
  fields: Record<string, string>;
  /** Mapped student group ids this person belongs to. */
  groups: string[];
}

export interface DirectoryRead {
  people: DirectoryPerson[];
  errors: { dn: string; reason: string }[];
}

const GROUP_CLASSES = new Set(['groupofnames', 'groupofuniquenames', 'group', 'posixgroup']);

/** The attributes a search asks for. */
export function wantedAttributes(config: LdapConfig): string[] {
  const m = config.mapping;
  return [
    ...new Set(
      [config.loginAttribute, m.username, m.name, m.email, m.phone, ...Object.values(m.fields)].filter((a) => a),
    ),
  ];
}

/** Members of each mapped group: a set of normalised DNs for a group entry, or the OU's DN as a suffix. */
async function readGroups(
  client: Client,
  config: LdapConfig,
): Promise<{ gid: string; members?: Set<string>; suffix?: string }[]> {
  const out: { gid: string; members?: Set<string>; suffix?: string }[] = [];
  for (const map of config.groupMapping) {
    const { searchEntries } = await client.search(map.ldap, {
      scope: 'base',
      attributes: ['objectClass', 'member', 'uniqueMember'],
    });
    const entry = searchEntries[0];
    const classes = entry ? values(entry, 'objectClass').map((c) => c.toLowerCase()) : [];
    if (entry && classes.some((c) => GROUP_CLASSES.has(c))) {
      out.push({
        gid: map.gid,
        members: new Set([...values(entry, 'member'), ...values(entry, 'uniqueMember')].map(normDN)),
      });
    } else {
      out.push({ gid: map.gid, suffix: `,${normDN(map.ldap)}` });
    }
  }
  return out;
}

/** Maps one entry (no groups yet); null with a reason when it cannot be a student. */
export function mapEntry(
  entry: Entry,
  config: LdapConfig,
  fields: Map<string, StudentField>,
  errors: DirectoryRead['errors'],
): DirectoryPerson | null {
  const m = config.mapping;
  // The login-name rule: one form (NFC) for every name the directory gives, whatever form it stores.
  const username = loginNameKey(first(entry, m.username || config.loginAttribute));
  if (!username) {
    errors.push({ dn: entry.dn, reason: 'no user name attribute' });
    return null;
  }
  const mapped: Record<string, string> = {};
  for (const [sfid, attribute] of Object.entries(m.fields)) {
    const field = fields.get(sfid);
    if (!field) continue;
    const value = first(entry, attribute);
    const problem = fieldProblem({ ...field, required: false }, value);
    if (problem) errors.push({ dn: entry.dn, reason: `${field.name}: ${problem}` });
    else mapped[sfid] = value;
  }
  return {
    dn: entry.dn,
    ndn: normDN(entry.dn),
    username: username.slice(0, 64),
    name: (first(entry, m.name) || username).slice(0, 100),
    email: first(entry, m.email).slice(0, 200),
    phone: first(entry, m.phone).slice(0, 50),
    fields: mapped,
    groups: [],
  };
}

/** Reads everyone the sync covers. onPage runs after each page (tests stop the server there). */
export async function readDirectory(
  client: Client,
  config: LdapConfig,
  fieldRows: StudentField[],
  onPage?: (page: number) => Promise<void> | void,
): Promise<DirectoryRead> {
  const entries = await searchAll(client, config.baseDN, config.userFilter, wantedAttributes(config), onPage);
  const groups = await readGroups(client, config);
  const fields = new Map(fieldRows.map((f) => [f.sfid, f]));
  const errors: DirectoryRead['errors'] = [];
  const people: DirectoryPerson[] = [];
  const usernames = new Set<string>();
  for (const entry of entries) {
    const person = mapEntry(entry, config, fields, errors);
    if (!person) continue;
    if (usernames.has(person.username)) {
      errors.push({ dn: entry.dn, reason: `user name ${person.username} appears twice in the directory` });
      continue;
    }
    usernames.add(person.username);
    person.groups = groups
      .filter((g) => (g.members ? g.members.has(person.ndn) : person.ndn.endsWith(g.suffix!)))
      .map((g) => g.gid);
    people.push(person);
  }
  return { people, errors };
}

/** The mapped groups one person belongs to (a login's first visit: no need to read whole groups). */
export async function groupsOf(client: Client, config: LdapConfig, dn: string): Promise<string[]> {
  const ndn = normDN(dn);
  const out: string[] = [];
  for (const map of config.groupMapping) {
    if (ndn.endsWith(`,${normDN(map.ldap)}`)) {
      out.push(map.gid);
      continue;
    }
    const filter = new OrFilter({
      filters: [
        new EqualityFilter({ attribute: 'member', value: dn }),
        new EqualityFilter({ attribute: 'uniqueMember', value: dn }),
      ],
    });
    const { searchEntries } = await client.search(map.ldap, { scope: 'base', filter, attributes: ['1.1'] });
    if (searchEntries.length > 0) out.push(map.gid);
  }
  return out;
}
