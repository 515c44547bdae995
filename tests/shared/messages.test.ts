import { describe, expect, it } from 'vitest';
import {
  MESSAGE_MAX,
  cleanMessageText,
  messageLength,
  messageParts,
  messageRefusal,
  messageTextRefusal,
  type Party,
} from '../../shared/rules/messages';

const A = 'school-a';
const B = 'school-b';
const student = (id: string, over: Partial<Party> = {}): Party => ({
  kind: 'student',
  id,
  schoolId: A,
  disabled: false,
  ...over,
});
const admin = (id: string, over: Partial<Party> = {}): Party => ({
  kind: 'admin',
  id,
  schoolId: A,
  disabled: false,
  staff: true,
  ...over,
});

describe('who may write to whom (issue 16 private messages)', () => {
  it.each<[string, Party, Party | null, boolean, Awaited<ReturnType<typeof messageRefusal>>]>([
    ['student to the main admin', student('s1'), admin('a1'), false, null],
    ['student to a sub-admin holding student', student('s1'), admin('a2'), false, null],
    ['student to a sub-admin without student', student('s1'), admin('a3', { staff: false }), false, 'notStaff'],
    ['student to a student, closed (the default)', student('s1'), student('s2'), false, 'studentsClosed'],
    ['student to a student, allowed', student('s1'), student('s2'), true, null],
    ['admin to a student', admin('a1'), student('s1'), false, null],
    ['admin to an admin', admin('a1'), admin('a2'), true, 'adminToAdmin'],
    ['to another school (staff)', student('s1'), admin('b1', { schoolId: B }), true, 'noRecipient'],
    ['to another school (student, allowed)', student('s1'), student('s9', { schoolId: B }), true, 'noRecipient'],
    ['admin to another school', admin('a1'), student('s9', { schoolId: B }), true, 'noRecipient'],
    ['to nobody', student('s1'), null, true, 'noRecipient'],
    ['to oneself', student('s1'), student('s1'), true, 'self'],
    ['a disabled sender', student('s1', { disabled: true }), admin('a1'), false, 'senderDisabled'],
    ['to a disabled student', admin('a1'), student('s1', { disabled: true }), false, 'recipientDisabled'],
    ['to a disabled admin', student('s1'), admin('a1', { disabled: true }), false, 'recipientDisabled'],
    // Another school comes first: nothing says a disabled account of another school exists.
    [
      'to a disabled account elsewhere',
      student('s1'),
      admin('b1', { schoolId: B, disabled: true }),
      false,
      'noRecipient',
    ],
  ])('%s', (_name, sender, recipient, allow, expected) => {
    expect(messageRefusal(sender, recipient, allow)).toBe(expected);
  });
});

describe('message text', () => {
  it.each<[string, Awaited<ReturnType<typeof messageTextRefusal>>]>([
    ['', 'emptyMessage'],
    ['   \n\t ', 'emptyMessage'],
    ['\u200b\u202e', 'emptyMessage'],
    ['你好', null],
    ['a'.repeat(MESSAGE_MAX), null],
    ['a'.repeat(MESSAGE_MAX + 1), 'tooLong'],
    // Counted in code points: 1000 emoji are 1000 characters.
    ['😀'.repeat(MESSAGE_MAX), null],
    [`  ${'字'.repeat(MESSAGE_MAX)}  `, null],
  ])('%j', (text, expected) => expect(messageTextRefusal(text)).toBe(expected));

  it('is stored as plain text: CR LF to LF, control and direction characters out, trimmed', () => {
    expect(cleanMessageText('  a\r\nb\u0007\u202ec  ')).toBe('a\nbc');
    expect(cleanMessageText('<b>hi</b>')).toBe('<b>hi</b>');
    expect(messageLength('😀a')).toBe(2);
  });
});

describe('links made safe: only http(s) become links', () => {
  it.each<[string, Awaited<ReturnType<typeof messageParts>>]>([
    ['no links', [{ text: 'no links' }]],
    [
      'see https://example.com/a?b=1 now',
      [{ text: 'see ' }, { text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' }, { text: ' now' }],
    ],
    ['http://intranet.local/x.', [{ text: 'http://intranet.local/x', href: 'http://intranet.local/x' }, { text: '.' }]],
    ['javascript:alert(1)', [{ text: 'javascript:alert(1)' }]],
    ['data:text/html,<script>', [{ text: 'data:text/html,<script>' }]],
    ['ftp://files.local/a', [{ text: 'ftp://files.local/a' }]],
    ['<a href="https://x.y">', [{ text: '<a href="' }, { text: 'https://x.y', href: 'https://x.y' }, { text: '">' }]],
    [
      '看这里：https://例子.中国/路径，谢谢',
      [{ text: '看这里：' }, { text: 'https://例子.中国/路径', href: 'https://例子.中国/路径' }, { text: '，谢谢' }],
    ],
    ['https:// nothing', [{ text: 'https:// nothing' }]],
  ])('%j', (text, expected) => {
    expect(messageParts(text)).toEqual(expected);
    expect(
      messageParts(text)
        .map((part) => part.text)
        .join(''),
    ).toBe(text);
  });
});
