/** The exam platform frame's pure rules (shared/rules/yks): embedding origins and the way back after sign-in. */
import { describe, expect, it } from 'vitest';
import { httpOrigin, yksReturnPath } from '../../shared/rules/yks';

describe('httpOrigin', () => {
  it.each([
    ['https://exam.example', 'https://exam.example'],
    ['https://exam.example/', 'https://exam.example'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['HTTPS://Exam.Example', 'https://exam.example'],
    ['https://exam.example:443/', 'https://exam.example'],
    ['http://Exam.Example:8080', 'http://exam.example:8080'],
    ['https://exam.example#top', null],
    ['https://exam.example\\path', null],
    ['https://exam.example/./', null],
    ['https://exam.example/path', null],
    ['https://exam.example?x=1', null],
    ['https://user:pw@exam.example', null],
    ['ftp://exam.example', null],
    ['javascript:alert(1)', null],
    ['exam.example', null],
    ['*', null],
    ['', null],
  ])('%s → %s', (value, expected) => {
    expect(httpOrigin(value)).toBe(expected);
  });
});

describe('yksReturnPath', () => {
  const home = '/u/abc';
  it.each([
    [undefined, '/u/abc?model=yks'],
    ['/dashboard', '/dashboard?model=yks'],
    ['/course/x?tab=1#/introduce/info', '/course/x?tab=1&model=yks#/introduce/info'],
    ['/u/abc?model=yks', '/u/abc?model=yks'],
    ['//evil.example/x', '/u/abc?model=yks'],
    ['/\\evil.example', '/u/abc?model=yks'],
    ['https://evil.example/', '/u/abc?model=yks'],
    ['/a\r\nSet-Cookie: x', '/u/abc?model=yks'],
    ['dashboard', '/u/abc?model=yks'],
  ])('%s → %s', (wanted, expected) => {
    expect(yksReturnPath(wanted, home)).toBe(expected);
  });
});
