/**
 * The several-node compose file (deploy/ha/docker-compose.yml), read as Docker Compose reads it: every app node
 * runs the online release on PostgreSQL and the object store with a configuration the server accepts, the nodes
 * answer together under the name nginx's configuration sends to, and every setting it requires is in the example.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

const root = path.resolve(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

const text = read('deploy/ha/docker-compose.yml');
/** The settings the compose file cannot do without (${X:?message}). */
const required = [...text.matchAll(/\$\{([A-Z0-9_]+):\?/g)].map((match) => match[1]);
/** The example settings, as `--env-file deploy/ha/.env` gives them once the required secrets are filled in. */
const example = Object.fromEntries(
  read('deploy/ha/env.example')
    .split('\n')
    .filter((line) => /^[A-Z0-9_]+=/.test(line))
    .map((line) => line.split('=') as [string, string])
    .map(([key, value]) => [key, value || (required.includes(key) ? `${key.toLowerCase()}-secret` : '')]),
);

/** Compose's interpolation of a value: ${X}, ${X:-default}, ${X:?message}. */
function interpolate(text: string, env: Record<string, string>): string {
  return text.replace(/\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g, (_all, key: string, kind?: string, rest?: string) => {
    const value = env[key];
    if (value) return value;
    if (kind === '?') throw new Error(`${key}: ${rest}`);
    return kind === '-' ? (rest ?? '') : '';
  });
}

/** Compose reads the YAML first, then interpolates its string values (an empty default stays a string). */
function interpolated(value: unknown, env: Record<string, string>): unknown {
  if (typeof value === 'string') return interpolate(value, env);
  if (Array.isArray(value)) return value.map((item) => interpolated(item, env));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolated(item, env)]));
  return value;
}

type Service = {
  environment?: Record<string, string>;
  networks?: { default?: { aliases?: string[] } };
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
};

describe('deploy/ha/docker-compose.yml', () => {
  const compose = interpolated(parse(text, { merge: true }), example) as { services: Record<string, Service> };
  const nodes = [compose.services['lanxue-first'], compose.services.lanxue];

  it('asks for every setting it needs, and the example names each of them', () => {
    expect(required.length).toBeGreaterThan(0);
    for (const key of required) expect(example, key).toHaveProperty(key);
    expect(() => interpolated(parse(text, { merge: true }), {})).toThrow(/POSTGRES_PASSWORD/);
  });

  it('runs every app node on PostgreSQL and the object store, with a configuration the server accepts', () => {
    for (const node of nodes) {
      const env = node.environment ?? {};
      expect(env.DATABASE_URL).toMatch(/^postgres:\/\/lanxue:.+@postgres:5432\/lanxue$/);
      // Replicas share one configuration: each takes its own worker number (server/modules/cluster/nodes.ts).
      expect(env).not.toHaveProperty('WORKER_ID');
      const config = loadConfig({ ...env, DATA_DIR: '/data' });
      expect(config).toMatchObject({ VER: 'online', STORAGE: 's3', S3_FORCE_PATH_STYLE: true, S3_BUCKET: 'lanxue' });
      expect(config.S3_ENDPOINT).toBe(`http://${example.PUBLIC_HOST}:9000`);
      expect(node.volumes).toContain('lanxue-data:/data');
    }
  });

  it('starts the others after the first node, and nginx reaches every node by the name its configuration uses', () => {
    expect(compose.services.lanxue.depends_on?.['lanxue-first']?.condition).toBe('service_healthy');
    expect(compose.services['lanxue-first'].networks?.default?.aliases).toContain('lanxue');
    const nginx = compose.services.nginx;
    const mounted = nginx.volumes?.find((volume) => volume.endsWith(':/etc/nginx/conf.d/default.conf:ro'));
    const conf = read(path.join('deploy/ha', mounted!.split(':')[0]));
    // Signed-in people keep to one node (the session cookie's hash); visitors, without it, go round robin.
    expect(conf).toMatch(/upstream lanxue_app \{\s+hash \$cookie_y_main consistent;\s+server lanxue:8080;/);
    expect(nginx.volumes).toContain('lanxue-data:/data:ro');
  });
});
