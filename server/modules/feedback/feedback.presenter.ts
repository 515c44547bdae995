import type { AdminGrade, AdminSignature } from '../../../shared/schemas/feedback';
import type { AppContext } from '../../context';
import type { GradeRow, SignatureRow } from './feedback.repository';

/** Where a signature image is shown: an authenticated call under the API prefix (never a public file). */
export function signatureImageUrl(ctx: AppContext, id: string): string {
  return `${ctx.config.API_PREFIX}signature/image/${id}`;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

interface Named {
  name: string;
  username: string;
  chapterTitle: string | null;
}

/** The fields both back-office lists share: the student, the chapter ('0': the course, no title) and the time. */
function entry(row: Named, item: { id: string; studentId: string; chapterId: string; createdAt: number }) {
  return {
    id: item.id,
    uid: item.studentId,
    name: row.name,
    username: row.username,
    cid: item.chapterId,
    chapterTitle: item.chapterId === '0' ? null : row.chapterTitle,
    time: seconds(item.createdAt),
  };
}

export function toAdminSignature(ctx: AppContext, row: Named & { signature: SignatureRow }): AdminSignature {
  return { ...entry(row, row.signature), url: signatureImageUrl(ctx, row.signature.id) };
}

export function toAdminGrade(row: Named & { grade: GradeRow }): AdminGrade {
  return { ...entry(row, row.grade), score: row.grade.score, content: row.grade.content };
}
