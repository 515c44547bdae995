import { describe, expect, it } from 'vitest';
import { isSafeUrl } from '../../shared/rules/sanitize';
import { sanitizeRichText } from '../../server/lib/sanitize';

describe('sanitiser URL rule (spec 5: http, https, mailto, tel, data:image, ftp, relative or hash)', () => {
  it.each([
    ['http://example.com/a', true],
    ['HTTPS://example.com', true],
    ['mailto:a@b.c', true],
    ['tel:+861234', true],
    ['ftp://files.local/x', true],
    ['data:image/png;base64,AAAA', true],
    ['#section-2', true],
    ['/files/userupload/1/a.png', true],
    ['images/a.png', true],
    ['../a.png', true],
    ['?page=2', true],
    ['javascript:alert(1)', false],
    [' JavaScript:alert(1)', false],
    ['data:text/html;base64,PHNjcmlwdD4=', false],
    ['vbscript:x', false],
    ['//evil.example/x.js', false],
  ])('%s → %s', (url, safe) => expect(isSafeUrl(url)).toBe(safe));
});

describe('rich text sanitised on save', () => {
  it.each([
    ['<p onclick="x()">hi<script>alert(1)</script></p>', '<p>hi</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a href="">x</a>'],
    ['<img src="data:image/png;base64,AA" onerror="x()">', '<img src="data:image/png;base64,AA" />'],
    ['<img src="data:text/html,x">', '<img src="" />'],
    ['<iframe src="https://x"></iframe><p>ok</p>', '<p>ok</p>'],
    [
      '<a href="/course/x" target="_blank">c</a>',
      '<a href="/course/x" target="_blank" rel="noopener noreferrer">c</a>',
    ],
    ['<h3 style="color:red">标题</h3>', '<h3 style="color:red">标题</h3>'],
    ['<svg><script>1</script></svg>text', 'text'],
  ])('%s', (input, expected) => expect(sanitizeRichText(input)).toBe(expected));
});
