import { describe, expect, it } from 'vitest';
import {
  addressFor,
  backoffMs,
  channelsFor,
  escapeFor,
  fillGateway,
  fillTemplate,
  givesUp,
  placeholdersOf,
  withinRate,
} from '../../shared/rules/inform';
import { messages as en } from '../../shared/i18n/inform.en-gb';
import { messages as zh } from '../../shared/i18n/inform.zh-CN';
import { INFORM_EVENTS } from '../../shared/schemas/inform';

/** The rules of notices by e-mail and SMS (issue 16 'inform'; shared/rules/inform.ts). */
describe('which channels and addresses a notice goes to', () => {
  it.each([
    [{ 'course.granted': ['email', 'sms'] }, 'course.granted', ['email', 'sms']],
    [{ 'course.granted': ['sms', 'email', 'sms'] }, 'course.granted', ['email', 'sms']],
    [{ 'course.granted': ['sms'] }, 'course.granted', ['sms']],
    [{ 'course.granted': ['email'] }, 'exam.marked', []],
    [{}, 'announcement.published', []],
  ] as const)('channels %j for %s: %j', (channels, event, expected) => {
    expect(channelsFor(channels as never, event)).toEqual(expected);
  });

  const student = (email: string, phone: string, optedOut: boolean) => ({ email, phone, optedOut });
  it.each([
    // channel, email, phone, opted out, essential → address
    ['email', 'a@b.cn', '', false, false, 'a@b.cn'],
    ['email', ' a@b.cn ', '', false, false, 'a@b.cn'],
    ['email', 'a@b.cn', '', true, false, null],
    ['email', 'a@b.cn', '', true, true, 'a@b.cn'],
    ['email', '', '138', false, true, null],
    ['email', '   ', '', false, false, null],
    ['sms', 'a@b.cn', '138', true, false, '138'],
    ['sms', 'a@b.cn', '', false, true, null],
    ['sms', '', ' 138 ', false, false, '138'],
  ] as const)('%s to (%j, %j), opted out %s, essential %s: %j', (channel, email, phone, optedOut, essential, want) => {
    expect(addressFor(channel, student(email, phone, optedOut), essential)).toBe(want);
  });
});

describe('template wording', () => {
  it.each([
    ['{name}，您好：{title}', { name: '小明', title: '代数' }, false, '小明，您好：代数'],
    ['Dear {name}, {unknown}', { name: 'Ada' }, false, 'Dear Ada, {unknown}'],
    ['{title}', { title: 'a\r\nBcc: x@y' }, true, 'a Bcc: x@y'],
    ['line\n{title}', { title: 'x' }, true, 'line x'],
    ['line\n{title}', { title: 'x' }, false, 'line\nx'],
    ['{n} left', { n: 3 }, false, '3 left'],
    ['{title}', { title: 'x'.repeat(400) }, false, 'x'.repeat(300)],
    ['{__proto__}{toString}', {}, false, '{__proto__}{toString}'],
  ] as const)('%j with %j (one line %s) → %j', (text, params, oneLine, expected) => {
    expect(fillTemplate(text, params, oneLine)).toBe(expected);
  });

  it('lists the placeholders of a text once each', () => {
    expect(placeholdersOf('{school} {name} {title} {name}')).toEqual(['school', 'name', 'title']);
  });

  it('has built-in wording for every event, channel and locale, with the same placeholders in both languages', () => {
    for (const event of INFORM_EVENTS) {
      for (const key of [`inform.${event}.email.subject`, `inform.${event}.email.body`, `inform.${event}.sms.body`]) {
        const zhText = (zh as Record<string, string>)[key];
        const enText = (en as Record<string, string>)[key];
        expect(zhText, key).toBeTruthy();
        expect(enText, key).toBeTruthy();
        expect(placeholdersOf(enText).sort(), key).toEqual(placeholdersOf(zhText).sort());
      }
    }
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
  });
});

describe('retries', () => {
  it.each([
    [1, 1000, 1000],
    [2, 1000, 2000],
    [3, 1000, 4000],
    [5, 60_000, 960_000],
    [7, 60_000, 3_600_000],
    [60, 60_000, 3_600_000],
    [0, 50, 50],
  ])('failure %i with base %i waits %i ms', (failures, base, expected) => {
    expect(backoffMs(failures, base)).toBe(expected);
  });
  it.each([
    [1, 5, false, false],
    [4, 5, false, false],
    [5, 5, false, true],
    [1, 5, true, true],
  ])('after %i of %i attempts (permanent %s) gives up: %s', (attempts, max, permanent, expected) => {
    expect(givesUp(attempts, max, permanent)).toBe(expected);
  });
});

describe('the SMS gateway call template', () => {
  const values = { phone: '+86 138&x=1', text: 'Say "hi"\\ 你好\n' };
  it.each([
    [
      'url',
      'https://gw/send?to={phone}&msg={text}',
      'https://gw/send?to=%2B86%20138%26x%3D1&msg=Say%20%22hi%22%5C%20%E4%BD%A0%E5%A5%BD%0A',
    ],
    ['json', '{"to":"{phone}","msg":"{text}"}', '{"to":"+86 138&x=1","msg":"Say \\"hi\\"\\\\ 你好\\n"}'],
    ['form', 'to={phone}&msg={text}', 'to=%2B86%20138%26x%3D1&msg=Say%20%22hi%22%5C%20%E4%BD%A0%E5%A5%BD%0A'],
    ['header', 'Bearer {phone} {text}', 'Bearer +86 138&x=1 Say "hi"\\ 你好 '],
  ] as const)('%s: %s', (where, template, expected) => {
    expect(fillGateway(template, values, where)).toBe(expected);
  });
  it('a JSON body stays valid JSON whatever the text holds', () => {
    const body = fillGateway('{"to":"{phone}","msg":"{text}"}', values, 'json');
    expect(JSON.parse(body)).toEqual({ to: values.phone, msg: values.text });
    expect(escapeFor('\u2028"', 'json')).toBe('\u2028\\"');
  });
});

describe('the opt-out throttle', () => {
  const rate = { perWindow: 3, windowMs: 1000 };
  it.each([
    [[], 5000, true, 0],
    [[4100, 4500], 5000, true, 2],
    [[4100, 4500, 4900], 5000, false, 3],
    [[3000, 4000, 4500], 5000, true, 1],
    [[4000, 4500, 4900], 5000, true, 2],
  ])('changes at %j, now %i: allowed %s, %i recent', (times, now, allowed, recent) => {
    const result = withinRate(times, now, rate);
    expect(result.allowed).toBe(allowed);
    expect(result.recent).toHaveLength(recent);
  });
});
