import sanitizeHtml from 'sanitize-html';
import { DATE_FORMAT } from '../../../shared/constants';
import { formatDate } from '../../../shared/rules/dates';
import { characters } from '../../../shared/rules/text';
import { ARTICLE_SUMMARY_CHARS, type Article, type ArticleItem } from '../../../shared/schemas/articles';
import type { ArticleListRow, ArticleRow } from './articles.repository';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Decodes the entities sanitize-html leaves in text. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The first characters of an article's text: tags, scripts and styles removed, whitespace collapsed. */
export function textSummary(html: string, limit: number = ARTICLE_SUMMARY_CHARS): string {
  const spaced = html.replace(/<(br|\/p|\/div|\/li|\/h[1-6]|\/tr)\b[^>]*>/gi, ' $&');
  const text = decodeEntities(sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} }))
    .replace(/\s+/g, ' ')
    .trim();
  return characters(text).slice(0, limit).join('');
}

/** An article as a list item for students. */
export function toArticleItem(row: ArticleListRow | ArticleRow): ArticleItem {
  return {
    aid: row.id,
    title: row.title,
    img: row.img,
    created: formatDate(row.createdAt, DATE_FORMAT),
    pinned: row.pinned,
    summary: textSummary('head' in row ? row.head : row.content),
  };
}

/** An article as a back-office list item: with status, position and update time. */
export function toAdminArticleItem(row: ArticleListRow | ArticleRow) {
  return {
    ...toArticleItem(row),
    status: row.status,
    position: row.position,
    updated: formatDate(row.updatedAt, DATE_FORMAT),
  };
}

/** The whole article. */
export function toArticle(row: ArticleRow): Article {
  return { ...toAdminArticleItem(row), content: row.content };
}
