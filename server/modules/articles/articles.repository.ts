import { and, asc, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { type Db, first } from '../../db/client';
import { articles } from '../../db/schema';
import { eachAsync } from '../../lib/sequential';

export type ArticleRow = typeof articles.$inferSelect;
/** An article in a list: its content cut to the start, enough for a summary. */
export type ArticleListRow = Omit<ArticleRow, 'content'> & { head: string };

/** Characters of content read for a list summary (the summary keeps far fewer characters of text). */
const HEAD_CHARS = 4000;
/** Students' order and the back office's: pinned first, then position, then newest. */
const ORDER = [desc(articles.pinned), asc(articles.position), desc(articles.createdAt), desc(articles.id)];

export async function findArticle(db: Db, id: string): Promise<ArticleRow | undefined> {
  return first(await db.select().from(articles).where(eq(articles.id, id)));
}

export async function findSchoolArticle(db: Db, schoolId: string, id: string): Promise<ArticleRow | undefined> {
  return first(
    await db
      .select()
      .from(articles)
      .where(and(eq(articles.id, id), eq(articles.schoolId, schoolId))),
  );
}

/** Inserts the article first in the school's order (position 0), moving the others down one. */
export async function insertArticleFirst(
  db: Db,
  article: Omit<typeof articles.$inferInsert, 'position'>,
): Promise<void> {
  await db
    .update(articles)
    .set({ position: sql`${articles.position} + 1` })
    .where(eq(articles.schoolId, article.schoolId));
  await db.insert(articles).values({ ...article, position: 0 });
}

export async function updateArticle(db: Db, id: string, set: Partial<typeof articles.$inferInsert>): Promise<void> {
  await db.update(articles).set(set).where(eq(articles.id, id));
}

/** The school's article ids by position (ties: newest first). */
export async function orderedArticleIds(db: Db, schoolId: string): Promise<string[]> {
  return (
    await db
      .select({ id: articles.id })
      .from(articles)
      .where(eq(articles.schoolId, schoolId))
      .orderBy(asc(articles.position), desc(articles.createdAt), desc(articles.id))
  ).map((row) => row.id);
}

/** Writes dense positions 0..n-1 in this order. */
export async function renumberArticles(db: Db, orderedIds: readonly string[]): Promise<void> {
  await eachAsync(
    orderedIds,
    async (id, position) => await db.update(articles).set({ position }).where(eq(articles.id, id)),
  );
}

/** How many of these ids are the school's articles. */
export async function countSchoolArticles(db: Db, schoolId: string, ids: readonly string[]): Promise<number> {
  return (
    first(
      await db
        .select({ n: count() })
        .from(articles)
        .where(and(eq(articles.schoolId, schoolId), inArray(articles.id, [...ids]))),
    )?.n ?? 0
  );
}

export async function deleteArticles(db: Db, schoolId: string, ids: readonly string[]): Promise<void> {
  await db.delete(articles).where(and(eq(articles.schoolId, schoolId), inArray(articles.id, [...ids])));
}

/** A page of the school's articles (of one status, or all), pinned first, then position, then newest, with the total. */
export async function listArticles(
  db: Db,
  filter: { schoolId: string; status?: number; limit: number; offset: number },
): Promise<{ rows: ArticleListRow[]; total: number }> {
  const parts: SQL[] = [eq(articles.schoolId, filter.schoolId)];
  if (filter.status !== undefined) parts.push(eq(articles.status, filter.status));
  const where = and(...parts);
  const { content: _content, ...fields } = getTableColumns(articles);
  const rows = await db
    .select({ ...fields, head: sql<string>`substr(${articles.content}, 1, ${HEAD_CHARS})` })
    .from(articles)
    .where(where)
    .orderBy(...ORDER)
    .limit(filter.limit)
    .offset(filter.offset);
  const total = first(await db.select({ n: count() }).from(articles).where(where))?.n ?? 0;
  return { rows, total };
}
