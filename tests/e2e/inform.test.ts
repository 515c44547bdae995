/**
 * Notices by e-mail and SMS in Chromium (issue 16 'inform'): on a desktop the administrator saves the SMTP settings
 * (the CA uploaded as a file, STARTTLS, the password), sends a test e-mail that a real SMTP server on a loopback
 * port receives, turns e-mail on for an event and sees the delivery log (sent and failed, filtered, a retry). On a
 * phone the administrator sets the SMS gateway (a local HTTP server), sends a test SMS and reads the log; a student
 * turns e-mail notices off on their information page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../server/modules/notices/notify';
import { buildStudent } from '../helpers/app';
import { SMTP_PASSWORD, SMTP_USER, startGateway, startSmtp, type TestGateway, type TestSmtp } from '../helpers/smtp';
import { expectToast, signInAdmin } from './admin-helpers';
import { atPath, pageErrors, screenshot, startHarness, submitLogin, type Harness } from './harness';
import { sqlGet, sqlRun } from '../helpers/sql';

let h: Harness;
let smtp: TestSmtp;
let gateway: TestGateway;
let caFile: string;

beforeAll(async () => {
  smtp = await startSmtp({ refuse: /^nobody@/ });
  gateway = await startGateway();
  caFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-inform-ca-')), 'smtp-ca.pem');
  fs.writeFileSync(caFile, smtp.caCert);
  h = await startHarness({ INFORM_BACKOFF_MS: 20, INFORM_MAX_ATTEMPTS: 2, INFORM_TIMEOUT_MS: 3000 });
}, 120_000);
afterAll(async () => {
  await h?.close();
  await smtp?.close();
  await gateway?.close();
  fs.rmSync(path.dirname(caFile), { recursive: true, force: true });
});

async function studentWith(email: string, phone = '') {
  const s = await buildStudent(h.app, { name: `学员${email.slice(0, 3)}` });
  await sqlRun(h.app, 'UPDATE students SET email = ?, phone = ? WHERE id = ?', email, phone, s.id);
  return s;
}

/** A course granted to the student: the notice and its e-mail written in one transaction, as the modules do. */
async function granted(studentId: string) {
  await h.app.ctx.db.transaction((tx) =>
    notify(tx, h.app.ctx.ids, Date.now(), {
      schoolId: h.school.id,
      studentId,
      kind: 'course.granted',
      params: { title: '线性代数' },
      link: '/course/abc',
    }),
  );
}

describe('inform screen (desktop)', () => {
  it('saves SMTP settings, sends a test e-mail the server receives, and reads the delivery log', async () => {
    const page = await (await h.desktop()).newPage();
    const errors = pageErrors(page);
    await signInAdmin(page, undefined, '/inform');
    await page.getByTestId('inform-form').waitFor();
    await page.getByTestId('admin-sidebar').getByText('邮件与短信通知').waitFor();

    await page.getByTestId('inform-smtp-host').fill('127.0.0.1');
    await page.getByTestId('inform-smtp-port').fill(String(smtp.port));
    await page.getByTestId('inform-smtp-security').selectOption('starttls');
    await page.getByTestId('inform-smtp-user').fill(SMTP_USER);
    await page.getByTestId('inform-smtp-password').fill(SMTP_PASSWORD);
    await page.getByTestId('inform-smtp-from').fill('notices@school.example');
    await page.getByTestId('inform-smtp-ca').setInputFiles(caFile);
    await page.getByTestId('inform-channel-course.granted-email').check();
    await page.getByTestId('inform-save').click();
    await expectToast(page, '设置已保存');
    // The password is never shown again: the field is empty, the hint says the saved one is kept.
    expect(await page.getByTestId('inform-smtp-password').inputValue()).toBe('');
    await page.getByText('留空则保留已保存的密码').waitFor();
    await page.getByTestId('inform-smtp').evaluate((el) => el.scrollIntoView());
    await screenshot(page, 'inform-settings-desktop');

    await page.getByTestId('inform-test-email-to').fill('head@school.example');
    await page.getByTestId('inform-test-email').click();
    const result = page.getByTestId('inform-test-email-result');
    await result.waitFor();
    expect(await result.getAttribute('data-ok')).toBe('true');
    expect(await result.textContent()).toMatch(/发送成功：250/);
    expect(smtp.received.map((m) => m.to)).toEqual([['head@school.example']]);
    expect(smtp.received[0].subject).toBe('【蓝学学校】测试邮件');

    // Notices queued by the platform: one delivered, one refused by the server.
    const ada = await studentWith('ada@school.example');
    const nobody = await studentWith('nobody@school.example');
    await granted(ada.id);
    await granted(nobody.id);
    const rows = page.getByTestId('inform-log').getByTestId('inform-delivery');
    await expect
      .poll(async () => {
        await page.getByTestId('inform-log-refresh').click();
        return (await rows.evaluateAll((all) => all.map((r) => r.getAttribute('data-status')))).sort().join(',');
      })
      .toBe('failed,sent');
    const received = smtp.received.find((m) => m.to[0] === 'ada@school.example');
    expect(received?.subject).toBe('【蓝学学校】您已可以学习《线性代数》');

    await page.getByTestId('inform-log-status').selectOption('failed');
    await expect.poll(() => rows.count()).toBe(1);
    const failed = rows.first();
    expect(await failed.getAttribute('data-recipient')).toBe('nobody@school.example');
    expect(await failed.textContent()).toContain('550');
    await screenshot(page, 'inform-desktop');
    await failed.getByTestId('inform-retry').click();
    await expectToast(page, '已重新加入队列');
    expect(errors).toEqual([]);
  }, 90_000);
});

describe('inform screen (phone)', () => {
  it('sets the SMS gateway, sends a test SMS, and reads the log without sideways scrolling', async () => {
    const page = await (await h.mobile()).newPage();
    const errors = pageErrors(page);
    await signInAdmin(page, undefined, '/inform');
    await page.getByTestId('inform-form').waitFor();
    await page.getByTestId('inform-sms-url').fill(`${gateway.url}/send`);
    await page.getByTestId('inform-sms-body').fill('{"to":"{phone}","msg":"{text}"}');
    await page.getByTestId('inform-channel-course.granted-sms').check();
    await page.getByTestId('inform-save').click();
    await expectToast(page, '设置已保存');

    await page.getByTestId('inform-test-sms-to').fill('13800000000');
    await page.getByTestId('inform-test-sms').click();
    await page.getByTestId('inform-test-sms-result').and(page.locator('[data-ok="true"]')).waitFor();
    expect(JSON.parse(gateway.calls.at(-1)!.body)).toEqual({
      to: '13800000000',
      msg: '【蓝学学校】测试短信：短信通知的设置可以使用。',
    });

    const student = await studentWith('', '13900000000');
    await granted(student.id);
    await page.getByTestId('inform-log-status').selectOption('sent');
    const rows = page.getByTestId('inform-log').getByTestId('inform-delivery');
    await expect
      .poll(async () => {
        await page.getByTestId('inform-log-refresh').click();
        return rows.evaluateAll((all) => all.map((r) => r.getAttribute('data-recipient')));
      })
      .toContain('13900000000');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(1);
    await screenshot(page, 'inform-phone');
    expect(errors).toEqual([]);
  }, 90_000);

  it('a student turns e-mail notices off on their information page, and no e-mail is queued for them', async () => {
    const student = await studentWith('optout@school.example');
    const page = await (await h.mobile()).newPage();
    const errors = pageErrors(page);
    await page.goto(`/login/u/${h.school.hashUID}`);
    await submitLogin(page, student.username, student.password);
    await page.waitForURL(atPath(`/u/${h.school.hashUID}`));
    await page.goto(`/u/${h.school.hashUID}#/myinformation_m`);
    const box = page.getByTestId('inform-receive-email');
    await expect.poll(() => box.isChecked()).toBe(true);
    await box.uncheck();
    await page.getByText('已关闭邮件通知').first().waitFor();
    await page.reload();
    await expect.poll(async () => (await box.isEnabled()) && !(await box.isChecked())).toBe(true);
    await granted(student.id);
    const queued = (await sqlGet(
      h.app,
      "SELECT count(*) AS n FROM inform_queue WHERE recipient = 'optout@school.example'",
    )) as { n: number };
    expect(queued.n).toBe(0);
    await screenshot(page, 'inform-optout-phone');
    expect(errors).toEqual([]);
  }, 60_000);
});
