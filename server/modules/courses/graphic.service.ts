import sanitizeHtml from 'sanitize-html';
import { COURSE_TYPE } from '../../../shared/rules/course-buttons';
import { filterTitle } from '../../../shared/rules/text';
import type { GraphicText } from '../../../shared/schemas/courses';
import type { AppContext, Auth } from '../../context';
import { AppError, noLogin, notFound } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/sanitize';
import { hidesGraphicText, mayStudyText } from '../access/policy';
import { openCourse } from './course-visibility';
import { findCourse } from './courses.repository';
import { dateText } from './courses.presenter';

/** Characters of a graphic course's text shown as its introduction when it has no lead paragraph. */
const LEAD_CHARS = 120;

/**
 * What everyone may read of a paid graphic course (the info tab): the HTML before its first heading, else
 * the first characters of its text. The whole text is the paid content (GET course/graphic), so it never
 * travels in course/info, whatever the page then shows or hides.
 */
export function graphicLead(html: string): string {
  const firstHeading = html.search(/<h[1-4][\s>]/i);
  if (firstHeading > 0) {
    const lead = sanitizeRichText(html.slice(0, firstHeading)).trim();
    if (sanitizeHtml(lead, { allowedTags: [], allowedAttributes: {} }).trim()) return lead;
  }
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
  return text
    ? `<p>${sanitizeHtml(filterTitle(text, LEAD_CHARS), { allowedTags: [], allowedAttributes: {} })}</p>`
    : '';
}

/**
 * GET course/graphic/{id}: the whole text of a graphic course, for whoever may read it: anyone who may see a
 * free one; for a paid one, its administrators and the students who own it while it is valid. A guest gets
 * 401 (sign in first), a student who does not own it 403 'graphicAccount' (spec 9 message key).
 */
export async function graphicText(ctx: AppContext, auth: Auth, ref: string): Promise<GraphicText> {
  const course = await openCourse(ctx, auth, ref);
  const { head } = course;
  if (head.type !== COURSE_TYPE.graphicOrColumn) throw notFound();
  if (hidesGraphicText(head)) {
    // The access policy decides (mayStudyText); this call answers every refusal as the spec's graphicAccount.
    const access = await mayStudyText(ctx, auth, course);
    if (!access.allowed) throw access.refusal === 'noLogin' ? noLogin() : new AppError(403, 'graphicAccount');
  }
  const row = await findCourse(ctx.db, head.id);
  if (!row) throw notFound();
  return { coid: row.id, title: row.title, description: row.description, update_time: dateText(row.updatedAt) };
}
