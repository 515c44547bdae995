import { describe, expect, it } from 'vitest';
import { fieldProblem, fieldValueIssues, isIsoDate } from '../../shared/rules/student-fields';
import { FIELD_VALUE_MAX, type StudentField } from '../../shared/schemas/students';

/** The custom student field rules (text, number, date, single choice; required or not). */
describe('student field rules', () => {
  const field = (kind: StudentField['kind'], required = false, options: string[] = []) => ({ kind, options, required });

  it.each([
    ['text', false, '', null],
    ['text', true, '  ', 'required'],
    ['text', false, 'x'.repeat(FIELD_VALUE_MAX + 1), 'tooLong'],
    ['number', false, '007', null],
    ['number', false, '-1.5', null],
    ['number', false, 'seven', 'notNumber'],
    ['date', false, '2024-02-29', null],
    ['date', false, '2023-02-29', 'notDate'],
    ['date', false, '2024-2-1', 'notDate'],
    ['choice', false, ' Maths ', null],
    ['choice', false, 'Physics', 'notChoice'],
  ] as const)('fieldProblem(%s, required %s, %j) is %s', (kind, required, value, problem) => {
    expect(fieldProblem(field(kind, required, ['Maths', 'Art']), value)).toBe(problem);
  });

  it('isIsoDate takes real calendar days only', () => {
    expect([
      isIsoDate('2000-02-29'),
      isIsoDate('1900-02-29'),
      isIsoDate('2024-13-01'),
      isIsoDate('2024-01-01T00'),
    ]).toEqual([true, false, false, false]);
  });

  const fields: Pick<StudentField, 'sfid' | 'name' | 'kind' | 'options' | 'required'>[] = [
    { sfid: '1', name: 'Dept', kind: 'choice', options: ['Maths', 'Art'], required: true },
    { sfid: '2', name: 'Born', kind: 'date', options: [], required: false },
    { sfid: '3', name: 'Seat', kind: 'number', options: [], required: true },
  ];
  const v = (sfid: string, value: string) => ({ sfid, value });

  it.each([
    ['a new student with every required field', [v('1', 'Maths'), v('3', '4')], [], []],
    [
      'a new student missing required ones',
      [v('2', '2001-01-01')],
      [],
      [
        { sfid: '1', name: 'Dept', problem: 'required' },
        { sfid: '3', name: 'Seat', problem: 'required' },
      ],
    ],
    [
      'an unknown sfid first, then the fields in order',
      [v('3', 'x'), v('9', 'y'), v('1', 'Physics')],
      [],
      [
        { sfid: '9', name: '', problem: 'unknown' },
        { sfid: '1', name: 'Dept', problem: 'notChoice' },
        { sfid: '3', name: 'Seat', problem: 'notNumber' },
      ],
    ],
    ['kept values fill the required fields not given', [v('2', '2001-01-01')], [v('1', 'Art'), v('3', '2')], []],
    [
      'a given empty value of a required field is refused though one is kept',
      [v('1', '')],
      [v('1', 'Art'), v('3', '2')],
      [{ sfid: '1', name: 'Dept', problem: 'required' }],
    ],
    [
      'a kept blank value does not count',
      [],
      [v('1', ' '), v('3', '2')],
      [{ sfid: '1', name: 'Dept', problem: 'required' }],
    ],
    [
      "'unchecked': only the given values",
      [v('2', '2001-02-30')],
      'unchecked',
      [{ sfid: '2', name: 'Born', problem: 'notDate' }],
    ],
    ["'unchecked' with nothing given", [], 'unchecked', []],
  ] as const)('fieldValueIssues: %s', (_, given, kept, issues) => {
    expect(fieldValueIssues(fields, given, kept)).toEqual(issues);
  });
});
