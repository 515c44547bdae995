import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

describe('configuration from the environment (one place, zod)', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      API_PREFIX: '/',
      VER: 'lan',
      LOCALE: 'zh-CN',
      DATACENTER_ID: 0,
      LOG_LEVEL: 'info',
    });
    // Unset: 0 on SQLite, a free number on PostgreSQL (server/modules/cluster/nodes.ts claimWorkerId).
    expect(config.WORKER_ID).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('storage'));
    expect(config.databaseFile).toBe(path.resolve('storage/lanxue.sqlite'));
  });

  it('reads the environment and normalises the API prefix', () => {
    const config = loadConfig({
      PORT: '9000',
      DATA_DIR: '/data',
      API_PREFIX: 'api/v1/',
      LOCALE: 'en-gb',
      WORKER_ID: '31',
      DEMO_DATA: '1',
    });
    expect(config).toMatchObject({
      PORT: 9000,
      API_PREFIX: '/api/v1/',
      LOCALE: 'en-gb',
      WORKER_ID: 31,
      DEMO_DATA: true,
      databaseFile: '/data/lanxue.sqlite',
    });
    expect(loadConfig({ API_PREFIX: '/' }).API_PREFIX).toBe('/');
    expect(loadConfig({ API_PREFIX: '/api' }).API_PREFIX).toBe('/api/');
  });

  it('refuses bad values and names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', LOCALE: 'fr', WORKER_ID: '32', SESSION_SECRET: 'short' })).toThrow(
      /PORT[\s\S]*LOCALE[\s\S]*WORKER_ID[\s\S]*SESSION_SECRET/,
    );
  });
});
