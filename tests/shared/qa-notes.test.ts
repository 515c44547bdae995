import { describe, expect, it } from 'vitest';
import {
  mayAnswerQuestion,
  mayDeleteQuestion,
  NOTE_MAX,
  noteSpot,
  QA_TEXT_MAX,
  questionState,
  questionVisible,
  sortNotes,
  textRefusal,
  videoSecond,
  type QuestionViewer,
} from '../../shared/rules/qa-notes';

const teacher: QuestionViewer = { courseAdmin: true, asker: false };
const asker: QuestionViewer = { courseAdmin: false, asker: true };
const classmate: QuestionViewer = { courseAdmin: false, asker: false };

describe('text of questions, answers and notes (plain text, counted as the reader sees it)', () => {
  it.each([
    ['a short question', '为什么？', QA_TEXT_MAX, null],
    ['empty', '', QA_TEXT_MAX, 'emptyText'],
    ['blank and zero-width only', ' \n\t\u200b\ufeff ', QA_TEXT_MAX, 'emptyText'],
    ['500 Chinese characters', '字'.repeat(500), QA_TEXT_MAX, null],
    ['501 are too many', '字'.repeat(501), QA_TEXT_MAX, 'tooLong'],
    ['500 emoji (1000 UTF-16 units) pass', '😀'.repeat(500), QA_TEXT_MAX, null],
    ['spaces around do not count', `  ${'字'.repeat(500)}  `, QA_TEXT_MAX, null],
    ['a note of 2000', 'n'.repeat(2000), NOTE_MAX, null],
    ['a note of 2001', 'n'.repeat(2001), NOTE_MAX, 'tooLong'],
  ])('%s', (_name, text, max, expected) => expect(textRefusal(text, max)).toBe(expected));
});

describe('who sees and acts on a question', () => {
  const open = { hidden: false, answerCount: 0 };
  const answered = { hidden: false, answerCount: 1 };
  const hidden = { hidden: true, answerCount: 0 };
  it.each([
    ['a visible question: everyone who may study the course', open, classmate, true],
    ['a hidden question: the course administrators', hidden, teacher, true],
    ['a hidden question: not even its asker', hidden, asker, false],
    ['a hidden question: not a classmate', hidden, classmate, false],
  ])('visible — %s', (_name, question, viewer, expected) => expect(questionVisible(question, viewer)).toBe(expected));

  it.each([
    ['the asker while unanswered', open, asker, true],
    ['the asker once a teacher answered', answered, asker, false],
    ['a teacher always', answered, teacher, true],
    ['a classmate never', open, classmate, false],
  ])('delete — %s', (_name, question, viewer, expected) => expect(mayDeleteQuestion(question, viewer)).toBe(expected));

  it.each([
    ['a teacher answers', open, teacher, true],
    ['a teacher answers a hidden one', hidden, teacher, true],
    ['the asker follows up', answered, asker, true],
    ['the asker not on a hidden one', hidden, asker, false],
    ['a classmate does not', open, classmate, false],
  ])('answer — %s', (_name, question, viewer, expected) => expect(mayAnswerQuestion(question, viewer)).toBe(expected));

  it.each([
    [open, 'unanswered'],
    [answered, 'answered'],
    [{ hidden: true, answerCount: 2 }, 'hidden'],
  ])('state of %o is %s', (question, expected) => expect(questionState(question)).toBe(expected));
});

describe('where a note or question points', () => {
  it.each([
    [83.9, 83],
    [-4, 0],
    [100_000, 86_400],
    [null, null],
    [undefined, null],
    [Number.NaN, null],
  ])('video time %s is stored as %s', (value, expected) => expect(videoSecond(value)).toBe(expected));

  it.each([
    [
      { videoTime: 12, page: null },
      { at: 'time', seconds: 12 },
    ],
    [
      { videoTime: 0, page: null },
      { at: 'time', seconds: 0 },
    ],
    [
      { videoTime: null, page: 3 },
      { at: 'page', page: 3 },
    ],
    [{ videoTime: null, page: null }, { at: 'chapter' }],
  ])('%o → %o', (note, expected) => expect(noteSpot(note)).toEqual(expected));

  it('sorts notes by course, chapter, time or page, then when written', () => {
    const note = (courseTitle: string, chapterOrder: number, spot: number | null, createdAt: number) => ({
      courseTitle,
      coid: courseTitle,
      chapterOrder,
      cid: String(chapterOrder),
      videoTime: spot,
      page: null,
      createdAt,
    });
    const sorted = sortNotes([
      note('B', 1, 5, 1),
      note('A', 2, 1, 2),
      note('A', 1, 30, 3),
      note('A', 1, null, 4),
      note('A', 1, 30, 0),
    ]);
    expect(sorted.map((n) => `${n.courseTitle}${n.chapterOrder}@${n.videoTime}#${n.createdAt}`)).toEqual([
      'A1@null#4',
      'A1@30#0',
      'A1@30#3',
      'A2@1#2',
      'B1@5#1',
    ]);
  });
});
