import { describe, expect, it } from 'vitest';
import { descendantIds, moveProblem, placeAmong } from '../../shared/rules/group-tree';

// A tree: A > B > C, A > D, E at the root.
const tree = [
  { id: 'A', parentId: null },
  { id: 'B', parentId: 'A' },
  { id: 'C', parentId: 'B' },
  { id: 'D', parentId: 'A' },
  { id: 'E', parentId: '0' },
];

describe('moveProblem (spec 7 s/group/move: no cycles)', () => {
  it.each([
    ['B', null, null],
    ['B', '0', null],
    ['B', 'E', null],
    ['C', 'D', null],
    ['B', 'A', null],
    ['A', 'A', 'self'],
    ['A', 'B', 'descendant'],
    ['A', 'C', 'descendant'],
    ['B', 'C', 'descendant'],
    ['E', 'C', null],
    ['D', 'B', null],
  ] as const)('moving %s under %s → %s', (id, parent, expected) => {
    expect(moveProblem(tree, id, parent)).toBe(expected);
  });

  it('ends on a damaged tree with a loop', () => {
    expect(
      moveProblem(
        [
          { id: 'X', parentId: 'Y' },
          { id: 'Y', parentId: 'X' },
        ],
        'X',
        'Y',
      ),
    ).toBe('descendant');
  });
});

describe('descendantIds', () => {
  it.each([
    ['A', ['B', 'C', 'D']],
    ['B', ['C']],
    ['C', []],
    ['E', []],
  ] as const)('%s has %j below it', (id, expected) => {
    expect([...descendantIds(tree, id)].sort()).toEqual(expected);
  });
});

describe('placeAmong', () => {
  it.each([
    [['a', 'b', 'c'], 'x', 0, ['x', 'a', 'b', 'c']],
    [['a', 'b', 'c'], 'x', 1, ['a', 'x', 'b', 'c']],
    [['a', 'b', 'c'], 'x', 99, ['a', 'b', 'c', 'x']],
    [['a', 'b', 'c'], 'a', 2, ['b', 'c', 'a']],
    [['a', 'b', 'c'], 'c', 0, ['c', 'a', 'b']],
    [[], 'x', 3, ['x']],
  ] as const)('%j with %s at %d → %j', (siblings, id, position, expected) => {
    expect(placeAmong(siblings, id, position)).toEqual(expected);
  });
});
