/**
 * The licence screen and the notice in Chromium: the machine code and the
 * trial notice on every back-office screen; an invalid licence shows its reason; a valid one (signed here with a
 * key pair whose public key the app is started with) registers and the notice changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStudent } from '../helpers/app';
import { licenceKeys, signLicence } from '../helpers/licence';
import { expectToast, signInAdmin } from './admin-helpers';
import { pageErrors, screenshot, startHarness, type Harness } from './harness';

let h: Harness;
const keys = licenceKeys();

beforeAll(async () => {
  h = await startHarness({ LICENCE_PUBLIC_KEY: keys.pem, LICENCE_TRIAL_SEATS: 10 });
  for (let i = 0; i < 3; i += 1) await buildStudent(h.app);
}, 120_000);
afterAll(() => h?.close());

describe('licence screen (desktop)', () => {
  it('shows the machine code and the trial notice, refuses an invalid licence with its reason, registers a valid one', async () => {
    const page = await (await h.desktop()).newPage();
    const errors = pageErrors(page);
    await signInAdmin(page);

    // The notice is on every screen, the overview included.
    const notice = page.getByTestId('licence-notice');
    await notice.waitFor();
    expect(await notice.getAttribute('data-kind')).toBe('trial');
    expect(await notice.textContent()).toContain('3 / 10');

    await notice.getByRole('link').click();
    await page.getByTestId('licence-page').waitFor();
    const machine = (await page.getByTestId('machine-code').textContent())!.trim();
    expect(machine).toMatch(/^LX-[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);
    expect(await page.getByTestId('licence-state').textContent()).toBe('试用中（未注册）');
    expect(await page.getByTestId('licence-seats').textContent()).toContain('3 / 共 10');
    await page.getByTestId('upgrade-schema').waitFor();
    expect(await page.getByTestId('upgrade-pending').textContent()).toBe('无');

    // A licence for another machine: its reason, nothing registered.
    const wrong = signLicence(keys.privateKey, {
      school: h.school.name,
      machineCode: 'LX-AAAA-BBBB-CCCC-DDDD',
      seats: 50,
      expiresAt: '2099-12-31',
    });
    await page.getByTestId('licence-text').fill(wrong);
    await page.getByTestId('licence-submit').click();
    await page.getByTestId('licence-error').waitFor();
    expect(await page.getByTestId('licence-error').textContent()).toBe('该授权签发给了其他机器码。');
    expect(await notice.getAttribute('data-kind')).toBe('trial');

    // A tampered one (a character of the payload changed): the signature reason.
    const good = signLicence(keys.privateKey, {
      school: h.school.name,
      machineCode: machine,
      seats: 50,
      expiresAt: '2099-12-31',
      licensee: '信息中心',
    });
    const tampered = `${good[0] === 'e' ? 'f' : 'e'}${good.slice(1)}`;
    await page.getByTestId('licence-text').fill(tampered);
    await page.getByTestId('licence-submit').click();
    await page.getByTestId('licence-error').waitFor();
    expect(await page.getByTestId('licence-error').textContent()).toMatch(/授权签名不符|不是有效的授权码/);

    // The valid one registers: the status, the seats, and the notice goes (3 of 50 is far from the limit).
    await page.getByTestId('licence-text').fill(good);
    await page.getByTestId('licence-submit').click();
    await expectToast(page, '授权已注册');
    await page.locator('[data-testid="licence-status"][data-state="registered"]').waitFor();
    expect(await page.getByTestId('licence-seats').textContent()).toContain('3 / 共 50');
    // A date-only expiry covers that whole day.
    expect(await page.getByTestId('licence-expires').textContent()).toBe('2099-12-31 23:59:59');
    await notice.waitFor({ state: 'detached' });
    expect(await page.getByTestId('licence-error').count()).toBe(0);
    await screenshot(page, 'admin-licence-registered');
    expect(errors).toEqual([]);
  });
});
