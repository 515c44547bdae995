import { describe, expect, it } from 'vitest';
import { hasControlCharacters, isSafeLink, isSameSitePath } from '../../shared/rules/site-links';
import { zReturnPath } from '../../shared/schemas/common';
import { zHomeSetting } from '../../shared/schemas/home-setting';

describe('return-path rule: a path that stays on this site', () => {
  it.each([
    ['/u/abc#/courselist/0', true],
    ['/course/X1?return=%2Fdashboard', true],
    ['/a/../../b', true],
    ['/%2F%2Fevil.example/', true],
    // A browser drops tabs and newlines: '/\t/evil.example/' is '//evil.example/' to it.
    ['/\t/evil.example/', false],
    ['/\n/evil.example/', false],
    ['/\r/evil.example/', false],
    ['/\\evil.example/', false],
    ['/\\\\evil.example/', false],
    ['//evil.example/', false],
    ['/x\u0000', false],
    ['/x\u007f', false],
    ['https://evil.example/', false],
    ['evil.example', false],
    ['javascript:alert(1)', false],
    ['', false],
    [`/${'a'.repeat(2000)}`, false],
  ])('%j → %s', (value, expected) => {
    expect(isSameSitePath(value)).toBe(expected);
    expect(isSameSitePath(value, 'https://school.example:8443')).toBe(expected);
    // The server's schema applies the same rule (do/login returnUrl, redirect ReturnUrl, the shell's return).
    expect(zReturnPath.safeParse(value).success).toBe(expected);
  });

  it('the percent-encoded tab of the address bar arrives decoded and is refused', () => {
    const query = new URLSearchParams('return=/%09/evil.example/');
    expect(isSameSitePath(query.get('return'))).toBe(false);
  });
});

describe('link rule: what administrators may save as a link', () => {
  it.each([
    ['', true],
    ['#/courselist/0', true],
    ['/course/X1', true],
    ['course/X1', true],
    ['?page=2', true],
    ['https://example.com/a?b=1', true],
    ['HTTP://example.com', true],
    ['mailto:office@example.com', true],
    ['tel:+86123456', true],
    ['javascript:alert(1)', false],
    ['JavaScript:alert(1)', false],
    ['java\tscript:alert(1)', false],
    ['data:text/html;base64,PHNjcmlwdD4=', false],
    ['data:image/png;base64,AAAA', false],
    ['vbscript:x', false],
    ['ftp://files.example/x', false],
    ['//evil.example/x', false],
    ['/\\evil.example/x', false],
    ['/\t/evil.example/', false],
    ['https://example.com/\n', false],
  ])('%j → %s', (value, expected) => expect(isSafeLink(value)).toBe(expected));

  it('home setting links follow it (banners, ads, teachers, footer links); image addresses keep the sanitiser rule', () => {
    const ok = zHomeSetting.safeParse({ banners: [{ url: 'data:image/png;base64,AA', link: '#/courselist/0' }] });
    expect(ok.success).toBe(true);
    for (const bad of [
      { banners: [{ url: '/b.png', link: 'data:text/html,x' }] },
      { ads: [{ url: '/a.png', link: '/\t/evil.example/' }] },
      { teachers: [{ name: 'T', link: 'javascript:alert(1)' }] },
      { weixinlink: 'data:text/html,x' },
      { bloglink: '/\\evil.example' },
    ]) {
      expect(zHomeSetting.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it.each([
    ['plain', false],
    ['tab\there', true],
    ['nul\u0000', true],
    ['del\u007f', true],
    ['中文', false],
  ])('control characters in %j: %s', (value, expected) => expect(hasControlCharacters(value)).toBe(expected));
});
