import { describe, expect, it } from 'vitest';
import { claimGroups, claimText, mappedGroups, nextGroups } from '../../shared/rules/oidc-claims';
import { validIssuer } from '../../shared/schemas/oidc';

describe('claimText', () => {
  it.each([
    [{ a: ' x ' }, 'a', 'x'],
    [{ a: 12 }, 'a', '12'],
    [{ a: ['x'] }, 'a', ''],
    [{ a: { b: 1 } }, 'a', ''],
    [{}, 'a', ''],
    [{ a: 'x' }, '', ''],
  ])('%j %s → %s', (claims, name, want) => expect(claimText(claims, name)).toBe(want));
});

describe('claimGroups', () => {
  it.each([
    [{ g: ['a', 'b', 'a'] }, ['a', 'b']],
    [{ g: 'a b,c' }, ['a', 'b', 'c']],
    [{ g: ['a', 3, null, ' '] }, ['a']],
    [{ g: 5 }, []],
    [{}, []],
  ])('%j → %j', (claims, want) => expect(claimGroups(claims, 'g')).toEqual(want));
});

describe('mappedGroups and nextGroups', () => {
  const mapping = [
    { claim: 'maths', gid: '1' },
    { claim: 'physics', gid: '2' },
    { claim: 'maths-b', gid: '1' },
  ];
  it.each([
    [['maths', 'maths-b', 'x'], ['1']],
    [['physics'], ['2']],
    [[], []],
  ])('%j → %j', (values, want) => expect(mappedGroups(values, mapping)).toEqual(want));
  it.each([
    [['9', '1'], ['1'], null],
    [['9', '1'], ['2'], ['9', '2']],
    [['9'], [], null],
    [['1', '2'], [], []],
  ])('had %j want %j → %j', (had, want, next) => expect(nextGroups(had, ['1', '2'], want)).toEqual(next));
});

describe('validIssuer', () => {
  it.each([
    ['https://id.school.edu', true],
    ['https://id.school.edu/realms/x', true],
    ['http://127.0.0.1:8080', true],
    ['http://localhost:4000/', true],
    ['http://id.school.edu', false],
    ['https://u:p@id.school.edu', false],
    ['https://id.school.edu/?x=1', false],
    ['ftp://id', false],
    ['not a url', false],
    ['', true],
  ])('%s → %s', (value, want) => expect(validIssuer(value)).toBe(want));
});
