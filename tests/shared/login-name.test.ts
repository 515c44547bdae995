import { describe, expect, it } from 'vitest';
import { loginNameForms, loginNameKey, sameLoginName } from '../../shared/rules/login-name';

describe('login-name rule: one name whatever its Unicode form', () => {
  it.each([
    ['jos\u00e9', 'jose\u0301', true],
    ['ren\u00e9e', 'rene\u0301e', true],
    ['\u5f20\u4e09', '\u5f20\u4e09', true],
    ['p00001', 'p00001', true],
    ['jos\u00e9', 'jose', false],
    ['Jos\u00e9', 'jos\u00e9', false],
  ])('%j and %j: %s', (a, b, same) => {
    expect(sameLoginName(a, b)).toBe(same);
    expect(loginNameKey(a) === loginNameKey(b)).toBe(same);
  });

  it.each([
    ['p00001', ['p00001']],
    ['jos\u00e9', ['jos\u00e9', 'jose\u0301']],
    ['jose\u0301', ['jose\u0301', 'jos\u00e9']],
  ])('forms to look %j up by, the typed one first', (typed, forms) => expect(loginNameForms(typed)).toEqual(forms));
});
