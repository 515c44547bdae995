import { describe, expect, it } from 'vitest';
import { groupResolver, matchColumns, splitGroups } from '../../server/modules/student-import/import-columns';
import { cellText, decodeCsv } from '../../server/modules/student-import/import-file';

/** The pure rules of the student import (CSV and XLSX): headers, group names, cells, encodings. */
describe('student import rules', () => {
  it.each([
    ['用户名', 'username'],
    ['User Name', 'username'],
    ['*账号', 'username'],
    ['姓名*', 'name'],
    ['NAME', 'name'],
    ['初始密码', 'password'],
    ['E-mail', 'email'],
    ['电子邮箱', 'email'],
    ['手机号码', 'phone'],
    ['Mobile', 'phone'],
    ['分组', 'groups'],
    ['group', 'groups'],
  ])('header %s is the %s column', (header, kind) => {
    expect(matchColumns([header], []).matches).toEqual([{ index: 0, header, kind }]);
  });

  it('custom fields by name; a standard name wins; a repeated or unknown header is unknown; blank headers ignored', () => {
    const fields = [
      { id: 'f1', name: '学号' },
      { id: 'f2', name: 'Name' },
    ];
    const { matches, unknown } = matchColumns(['用户名', ' 学号 ', '', 'name', '用户名', '备注'], fields);
    expect(matches).toEqual([
      { index: 0, header: '用户名', kind: 'username' },
      { index: 1, header: ' 学号 ', kind: 'field', fieldId: 'f1' },
      { index: 3, header: 'name', kind: 'name' },
    ]);
    expect(unknown).toEqual(['用户名', '备注']);
  });

  it.each([
    ['A;B', ['A', 'B']],
    ['A；B，C,D、E', ['A', 'B', 'C', 'D', 'E']],
    [' A ; ; A ', ['A']],
    ['', []],
    ['Grade 1/Class 2', ['Grade 1/Class 2']],
  ])('group cell %j names %j', (cell, names) => {
    expect(splitGroups(cell)).toEqual(names);
  });

  it('groups resolve by unique name or by path from the top; unknown and ambiguous names are problems', () => {
    const resolve = groupResolver([
      { id: '1', parentId: null, name: 'Grade 1' },
      { id: '2', parentId: '1', name: 'Class 1' },
      { id: '3', parentId: null, name: 'Grade 2' },
      { id: '4', parentId: '3', name: 'Class 1' },
      { id: '5', parentId: '4', name: 'Choir' },
    ]);
    expect(resolve('Grade 1')).toEqual({ id: '1' });
    expect(resolve('Choir')).toEqual({ id: '5' });
    expect(resolve('Grade 2 / Class 1')).toEqual({ id: '4' });
    expect(resolve('Grade 2/Class 1/Choir')).toEqual({ id: '5' });
    expect(resolve('Class 1')).toEqual({ problem: 'ambiguousGroup' });
    expect(resolve('Class 1/Choir')).toEqual({ problem: 'unknownGroup' });
    expect(resolve('grade 1')).toEqual({ problem: 'unknownGroup' });
  });

  it('cells: dates as yyyy-MM-dd, numbers as read, booleans, blanks', () => {
    expect(cellText(new Date(Date.UTC(2024, 0, 9)))).toBe('2024-01-09');
    expect(cellText('123')).toBe('123');
    expect(cellText(' 00123 ')).toBe('00123');
    expect(cellText(null)).toBe('');
    expect(cellText(true)).toBe('TRUE');
  });

  it('CSV bytes: UTF-8 with or without BOM, and GB18030 when not valid UTF-8', () => {
    expect(decodeCsv(Buffer.from('\uFEFF用户名,姓名', 'utf8'))).toBe('用户名,姓名');
    expect(decodeCsv(Buffer.from('用户名,姓名', 'utf8'))).toBe('用户名,姓名');
    // 张三 in GBK.
    expect(decodeCsv(Buffer.from([0x61, 0x2c, 0xd5, 0xc5, 0xc8, 0xfd]))).toBe('a,张三');
  });
});
