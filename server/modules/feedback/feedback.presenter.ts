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

export function toAdminSignature(ctx: AppContext, row: Named & { signature: SignatureRow }): AdminSignature {
  const { signature } = row;
  return {
    id: signature.id,
    uid: signature.studentId,
    name: row.name,
    username: row.username,
    cid: signature.chapterId,
    chapterTitle: signature.chapterId === '0' ? null : row.chapterTitle,
    time: seconds(signature.createdAt),
    url: signatureImageUrl(ctx, signature.id),
  };
}

export function toAdminGrade(row: Named & { grade: GradeRow }): AdminGrade {
  const { grade } = row;
  return {
    id: grade.id,
    uid: grade.studentId,
    name: row.name,
    username: row.username,
    cid: grade.chapterId,
    chapterTitle: grade.chapterId === '0' ? null : row.chapterTitle,
    score: grade.score,
    content: grade.content,
    time: seconds(grade.createdAt),
  };
}
