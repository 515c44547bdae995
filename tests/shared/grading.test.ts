import { describe, expect, it } from 'vitest';
import {
  answerProblem,
  choiceAnswer,
  gradeAnswer,
  optionLetter,
  questionKind,
  SHORT_ANSWER_MAX,
  storedAnswer,
} from '../../shared/rules/grading';

// Spec 3 'Question detail': type 0 single choice, 1 multiple choice, 2 true/false, other short answer.
describe('questionKind (spec 3 Question detail type)', () => {
  it.each([
    [0, 'single'],
    ['1', 'multiple'],
    [2, 'trueFalse'],
    [3, 'short'],
    [7, 'short'],
  ] as const)('type %s is %s', (type, kind) => expect(questionKind(type)).toBe(kind));
});

// Spec 9: option letters A to N.
describe('optionLetter (spec 9 A to N)', () => {
  it.each([
    [0, 'A'],
    [1, 'B'],
    [13, 'N'],
    [14, ''],
    [-1, ''],
    [1.5, ''],
  ])('option %s is "%s"', (index, letter) => expect(optionLetter(index)).toBe(letter));
});

// Spec 5 'Quiz': multiple-choice answers are sent as ascending ids joined by commas.
describe('choiceAnswer (spec 5: ascending ids joined by commas)', () => {
  it.each([
    ['3,1,2', '1,2,3'],
    ['10,9', '9,10'],
    [' 2 , 2,,1 ', '1,2'],
    [['c', 'a'], 'a,c'],
    ['', ''],
  ] as const)('%j → "%s"', (ids, sent) => expect(choiceAnswer(ids)).toBe(sent));
});

// Spec 5 'Quiz': an answer must be chosen or typed (single choice id, at least one multiple-choice id,
// true/false chosen, or non-empty text), else a 2-second toast; spec 9 short answer max 500.
describe('storedAnswer (spec 5: multiple-choice answers as ascending ids joined by commas)', () => {
  it.each([
    ['single choice trimmed', 0, ' 2 ', '2'],
    ['multiple choice in any order', 1, '3, 1,1', '1,3'],
    ['true/false trimmed', 2, ' 0', '0'],
    ['short answer kept as typed', 3, '  两个因数 ', '  两个因数 '],
  ] as const)('%s', (_name, type, given, kept) => expect(storedAnswer(type, given)).toBe(kept));
});

describe('answerProblem (spec 5 Quiz, spec 9 short answer 500)', () => {
  it.each([
    [0, '', 'choose'],
    [0, '4', null],
    [0, '4,5', 'choose'],
    [1, '', 'choose'],
    [1, '4', null],
    [1, '4,5', null],
    [2, '', 'choose'],
    [2, '0', null],
    [2, '1', null],
    [2, '2', 'choose'],
    [3, '   ', 'choose'],
    [3, '答', null],
    [3, '答'.repeat(SHORT_ANSWER_MAX), null],
    [3, '答'.repeat(SHORT_ANSWER_MAX + 1), 'tooLong'],
    [3, '😀'.repeat(SHORT_ANSWER_MAX), null],
  ] as const)('type %s answer %j → %s', (type, answer, problem) => expect(answerProblem(type, answer)).toBe(problem));
});

// Grading on the server: isRight and getpoint computed on the server; multiple choice in any order;
// true/false where 0 means true; short answers wait for a teacher's mark.
describe('gradeAnswer (spec 3 answer formats)', () => {
  it.each([
    ['single right', { type: 0, answer: '12', point: 5 }, '12', { status: 'graded', isRight: true, getpoint: 5 }],
    ['single wrong', { type: 0, answer: '12', point: 5 }, '13', { status: 'graded', isRight: false, getpoint: 0 }],
    [
      'single with two ids',
      { type: 0, answer: '12', point: 5 },
      '12,13',
      { status: 'graded', isRight: false, getpoint: 0 },
    ],
    [
      'multiple right, same order',
      { type: 1, answer: '1,3', point: 4 },
      '1,3',
      { status: 'graded', isRight: true, getpoint: 4 },
    ],
    [
      'multiple right, any order',
      { type: 1, answer: '3,1', point: 4 },
      '1, 3',
      { status: 'graded', isRight: true, getpoint: 4 },
    ],
    [
      'multiple with a repeat',
      { type: 1, answer: '1,3', point: 4 },
      '3,1,3',
      { status: 'graded', isRight: true, getpoint: 4 },
    ],
    [
      'multiple, one missing: no partial credit',
      { type: 1, answer: '1,3', point: 4 },
      '1',
      { status: 'graded', isRight: false, getpoint: 0 },
    ],
    [
      'multiple, one extra',
      { type: 1, answer: '1,3', point: 4 },
      '1,2,3',
      { status: 'graded', isRight: false, getpoint: 0 },
    ],
    [
      'multiple, nothing chosen',
      { type: 1, answer: '1,3', point: 4 },
      '',
      { status: 'graded', isRight: false, getpoint: 0 },
    ],
    [
      'true/false: 0 means true, right',
      { type: 2, answer: '0', point: 2 },
      '0',
      { status: 'graded', isRight: true, getpoint: 2 },
    ],
    ['true/false wrong', { type: 2, answer: '0', point: 2 }, '1', { status: 'graded', isRight: false, getpoint: 0 }],
    [
      'true/false, false is right',
      { type: 2, answer: '1', point: 2 },
      '1',
      { status: 'graded', isRight: true, getpoint: 2 },
    ],
    [
      'true/false, not 0 or 1',
      { type: 2, answer: '1', point: 2 },
      'true',
      { status: 'graded', isRight: false, getpoint: 0 },
    ],
    [
      'short answer waits for marking',
      { type: 3, answer: '参考答案', point: 10 },
      '参考答案',
      { status: 'pending', getpoint: 0 },
    ],
  ] as const)('%s', (_name, question, given, grade) => expect(gradeAnswer(question, given)).toEqual(grade));
});
