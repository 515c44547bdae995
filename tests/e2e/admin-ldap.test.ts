/**
 * The LDAP screen in Chromium (the lan release's directory settings and sync; browser test 'the LDAP settings
 * screen running a dry run and a sync'): settings saved pointing at a throwaway slapd (CA uploaded as a file,
 * StartTLS), Test connection, a dry run with its counts, then Sync; the runs table shows both runs.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  destroySlapd,
  numberedPeople,
  PEOPLE_DN,
  READER_DN,
  READER_PW,
  startSlapd,
  type Slapd,
} from '../helpers/slapd';
import { expectToast, signInAdmin } from './admin-helpers';
import { pageErrors, startHarness, type Harness } from './harness';
import { sqlGet } from '../helpers/sql';

let h: Harness;
let slapd: Slapd;

beforeAll(async () => {
  slapd = await startSlapd({ people: numberedPeople(60) });
  h = await startHarness({ LICENCE_TRIAL_SEATS: 500 });
}, 120_000);
afterAll(async () => {
  await h?.close();
  await destroySlapd(slapd);
});

describe('LDAP screen (desktop)', () => {
  it('saves settings, tests the connection, runs a dry run then a sync, and lists both runs', async () => {
    const page = await (await h.desktop()).newPage();
    const errors = pageErrors(page);
    await signInAdmin(page, undefined, '/ldap');
    await page.getByTestId('ldap-form').waitFor();

    await page.getByTestId('ldap-enabled').check();
    await page.getByTestId('ldap-url').fill(slapd.ldapUrl);
    await page.getByTestId('ldap-startTLS').check();
    expect(await page.getByTestId('ldap-verifyCert').isChecked()).toBe(true);
    await page.getByTestId('ldap-caCert').setInputFiles(path.join(slapd.dir, 'cert.pem'));
    await page.getByTestId('ldap-bindDN').fill(READER_DN);
    await page.getByTestId('ldap-bindPassword').fill(READER_PW);
    await page.getByTestId('ldap-baseDN').fill(PEOPLE_DN);
    await page.getByTestId('ldap-save').click();
    await expectToast(page, '设置已保存');

    // Test connection with the saved settings (the password field is empty again: the saved one is kept).
    expect(await page.getByTestId('ldap-bindPassword').inputValue()).toBe('');
    await page.getByTestId('ldap-test').click();
    const result = page.getByTestId('ldap-test-result');
    await result.waitFor();
    expect(await result.getAttribute('data-ok')).toBe('true');
    expect(await result.textContent()).toContain('60');

    await page.getByTestId('ldap-dry-run').click();
    const diff = page.getByTestId('ldap-diff');
    await diff.and(page.locator('[data-dry="true"]')).waitFor();
    expect(await page.getByTestId('ldap-count-create').textContent()).toContain('60');
    await page.getByTestId('ldap-runs').getByTestId('ldap-run').first().waitFor();

    await page.getByTestId('ldap-sync-now').click();
    await diff.and(page.locator('[data-dry="false"]')).waitFor();
    expect(await diff.getAttribute('data-status')).toBe('ok');
    expect(await page.getByTestId('ldap-count-create').textContent()).toContain('60');
    const rows = page.getByTestId('ldap-runs').getByTestId('ldap-run');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).getAttribute('data-dry')).toBe('false');
    expect(await rows.nth(1).getAttribute('data-dry')).toBe('true');
    expect(await rows.nth(0).textContent()).toContain('成功');
    const count = (await sqlGet(h.app, "SELECT count(*) AS n FROM students WHERE source = 'ldap'")) as {
      n: number;
    };
    expect(count.n).toBe(60);
    expect(errors).toEqual([]);
  }, 90_000);
});
