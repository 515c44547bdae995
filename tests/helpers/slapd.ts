/**
 * A throwaway OpenLDAP directory for tests and the bench (recipes.md 'A throwaway OpenLDAP (slapd) for tests'):
 * a slapd.conf in a temp folder, a self-signed certificate with an IP SAN for 127.0.0.1 made with openssl, the
 * people loaded offline with slapadd (fast: 10,000 entries in a few seconds), then slapd in the foreground on two
 * probed loopback ports (ldap:// with StartTLS, and ldaps://), stopped by its pid.
 *
 * The size limit is 1000 with size.prtotal=unlimited, so only a paged search reads everyone; the service account
 * is a normal entry (cn=reader), since the root DN ignores limits.
 * slapd missing: installed with apt-get when root, otherwise a clear error (the tests fail, they do not skip).
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { waitUntil } from './wait';

export const SUFFIX = 'dc=lanxue,dc=test';
export const ROOT_DN = `cn=admin,${SUFFIX}`;
export const ROOT_PW = 'root-secret';
export const READER_DN = `cn=reader,${SUFFIX}`;
export const READER_PW = 'reader-secret';
export const PEOPLE_DN = `ou=people,${SUFFIX}`;
export const GROUPS_DN = `ou=groups,${SUFFIX}`;
/** Everyone's password in the seeded directory. */
export const PERSON_PW = 'person-pass-1';

export interface Person {
  uid: string;
  cn: string;
  mail?: string;
  phone?: string;
  /** Extra attribute (employeeType) for custom field mapping. */
  employeeType?: string;
  /** A sub-OU of ou=people the entry lives in (e.g. 'grade1'); default directly in ou=people. */
  ou?: string;
}

export interface SlapdOptions {
  people: Person[];
  /** Groups (groupOfNames under ou=groups): cn → member uids. */
  groups?: Record<string, string[]>;
  /** Sub-OUs of ou=people to create. */
  ous?: string[];
}

export interface Slapd {
  dir: string;
  ldapUrl: string;
  ldapsUrl: string;
  /** PEM of the self-signed certificate (it is its own CA). */
  caCert: string;
  dnOf(person: Pick<Person, 'uid' | 'ou'>): string;
  /** Runs ldapmodify as the root DN with the given LDIF. */
  modify(ldif: string): void;
  stop(): Promise<void>;
  start(): Promise<void>;
  running(): boolean;
}

function need(tool: string): string {
  for (const dir of ['/usr/sbin', '/usr/bin', '/sbin', '/bin'])
    if (fs.existsSync(path.join(dir, tool))) return path.join(dir, tool);
  return '';
}

/** Makes sure slapd and ldap-utils are there: apt-get as root, otherwise a clear failure. */
export function ensureSlapd(): void {
  if (need('slapd') && need('slapadd') && need('ldapmodify')) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      "slapd and ldap-utils are missing: install them with 'sudo apt-get install -y slapd ldap-utils' (the LDAP tests run a real OpenLDAP).",
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { env, stdio: 'ignore' });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'slapd', 'ldap-utils'], {
    env,
    stdio: 'ignore',
  });
}

/** A free loopback port (slapd cannot listen on port 0, so probe one first). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function ldifEscape(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) && !/^[ :<]/.test(value)
    ? ` ${value}`
    : `: ${Buffer.from(value, 'utf8').toString('base64')}`;
}

function attr(name: string, value: string): string {
  return `${name}:${ldifEscape(value)}`;
}

export function personLdif(p: Person, dn: string): string {
  const lines = [
    `dn: ${dn}`,
    'objectClass: inetOrgPerson',
    attr('uid', p.uid),
    attr('cn', p.cn),
    attr('sn', p.cn),
    `userPassword: ${PERSON_PW}`,
  ];
  if (p.mail) lines.push(attr('mail', p.mail));
  if (p.phone) lines.push(attr('telephoneNumber', p.phone));
  if (p.employeeType) lines.push(attr('employeeType', p.employeeType));
  return lines.join('\n') + '\n';
}

function conf(dir: string): string {
  return [
    'include /etc/ldap/schema/core.schema',
    'include /etc/ldap/schema/cosine.schema',
    'include /etc/ldap/schema/nis.schema',
    'include /etc/ldap/schema/inetorgperson.schema',
    `pidfile ${dir}/slapd.pid`,
    'modulepath /usr/lib/ldap',
    'moduleload back_mdb',
    `TLSCertificateFile ${dir}/cert.pem`,
    `TLSCertificateKeyFile ${dir}/key.pem`,
    'sizelimit size.soft=1000 size.hard=1000 size.prtotal=unlimited',
    'database mdb',
    `suffix "${SUFFIX}"`,
    `rootdn "${ROOT_DN}"`,
    `rootpw ${ROOT_PW}`,
    `directory ${dir}/data`,
    'maxsize 268435456',
    'index objectClass,uid,member eq',
    'access to attrs=userPassword by self write by anonymous auth by * none',
    'access to * by users read by anonymous auth',
    '',
  ].join('\n');
}

/**
 * A self-signed certificate for 127.0.0.1 and localhost (its own CA), as key.pem and cert.pem in the folder: the
 * test directory's TLS identity, or another CA that a client must refuse.
 */
export function selfSignedCertificate(dir: string): void {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
}

/** Starts a directory with these people (slapadd offline first). */
export async function startSlapd(options: SlapdOptions): Promise<Slapd> {
  ensureSlapd();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-slapd-'));
  fs.mkdirSync(path.join(dir, 'data'));
  fs.mkdirSync(path.join(dir, 'slapd.d'));
  selfSignedCertificate(dir);
  fs.writeFileSync(path.join(dir, 'slapd.conf'), conf(dir));

  const dnOf = (p: Pick<Person, 'uid' | 'ou'>) =>
    p.ou ? `uid=${p.uid},ou=${p.ou},${PEOPLE_DN}` : `uid=${p.uid},${PEOPLE_DN}`;
  const parts: string[] = [
    `dn: ${SUFFIX}\nobjectClass: dcObject\nobjectClass: organization\no: Lanxue test\ndc: lanxue\n`,
    `dn: ${READER_DN}\nobjectClass: person\ncn: reader\nsn: reader\nuserPassword: ${READER_PW}\n`,
    `dn: ${PEOPLE_DN}\nobjectClass: organizationalUnit\nou: people\n`,
    `dn: ${GROUPS_DN}\nobjectClass: organizationalUnit\nou: groups\n`,
    ...(options.ous ?? []).map((ou) => `dn: ou=${ou},${PEOPLE_DN}\nobjectClass: organizationalUnit\nou: ${ou}\n`),
    ...options.people.map((p) => personLdif(p, dnOf(p))),
  ];
  const byUid = new Map(options.people.map((p) => [p.uid, p]));
  for (const [cn, members] of Object.entries(options.groups ?? {})) {
    const dns = members.map((uid) => dnOf(byUid.get(uid) ?? { uid }));
    parts.push(
      [
        `dn: cn=${cn},${GROUPS_DN}`,
        'objectClass: groupOfNames',
        `cn: ${cn}`,
        ...(dns.length ? dns : [READER_DN]).map((m) => `member: ${m}`),
      ].join('\n') + '\n',
    );
  }
  fs.writeFileSync(path.join(dir, 'base.ldif'), parts.join('\n'));
  execFileSync(need('slapadd'), ['-q', '-f', path.join(dir, 'slapd.conf'), '-l', path.join(dir, 'base.ldif')], {
    stdio: 'pipe',
  });
  execFileSync(need('slaptest'), ['-f', path.join(dir, 'slapd.conf'), '-F', path.join(dir, 'slapd.d')], {
    stdio: 'pipe',
  });

  const ldapPort = await freePort();
  const ldapsPort = await freePort();
  const ldapUrl = `ldap://127.0.0.1:${ldapPort}`;
  const ldapsUrl = `ldaps://127.0.0.1:${ldapsPort}`;
  let child: ChildProcess | null = null;

  const start = async () => {
    if (child) return;
    const proc = spawn(need('slapd'), ['-F', path.join(dir, 'slapd.d'), '-h', `${ldapUrl}/ ${ldapsUrl}/`, '-d', '0'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    proc.stderr?.on('data', (chunk) => (stderr += String(chunk)));
    proc.on('exit', () => {
      if (child === proc) child = null;
    });
    child = proc;
    // Ready once the port answers; an exit on the way fails at once with what slapd said.
    await waitUntil(
      () => `slapd to answer on port ${ldapPort}: ${stderr}`,
      async () => {
        if (!child) throw new Error(`slapd exited: ${stderr}`);
        return new Promise<boolean>((resolve) => {
          const socket = net.connect(ldapPort, '127.0.0.1', () => (socket.destroy(), resolve(true)));
          socket.on('error', () => resolve(false));
        });
      },
      20_000,
    );
  };

  const stop = async () => {
    const proc = child;
    if (!proc || proc.pid === undefined) return;
    const gone = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill('SIGKILL');
    await gone;
    child = null;
  };

  await start();
  return {
    dir,
    ldapUrl,
    ldapsUrl,
    caCert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    dnOf,
    modify(ldif: string) {
      const result = spawnSync(need('ldapmodify'), ['-x', '-H', ldapUrl, '-D', ROOT_DN, '-w', ROOT_PW], {
        input: ldif,
        encoding: 'utf8',
      });
      if (result.status !== 0) throw new Error(`ldapmodify failed: ${result.stderr}`);
    },
    start,
    stop: async () => {
      await stop();
    },
    running: () => child !== null,
  };
}

/** Stops the directory and removes its folder. */
export async function destroySlapd(slapd: Slapd | undefined): Promise<void> {
  if (!slapd) return;
  await slapd.stop();
  fs.rmSync(slapd.dir, { recursive: true, force: true });
}

/** n numbered people: p00001 … with a name, mail and phone. */
export function numberedPeople(n: number, prefix = 'p'): Person[] {
  return Array.from({ length: n }, (_, i) => {
    const id = String(i + 1).padStart(5, '0');
    return {
      uid: `${prefix}${id}`,
      cn: `Person ${id}`,
      mail: `${prefix}${id}@lanxue.test`,
      phone: `1380000${id}`.slice(0, 11),
    };
  });
}
