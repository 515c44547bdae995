/**
 * Web helpers of the records calls (shared/calls/records.ts): the back office's page size and the records
 * download (learn/export is a file, not a declared call).
 */
import type { ExportFormat, ExportView } from '../../shared/schemas/records';
import { EXPORT_CAPPED_HEADER } from '../../shared/schemas/records';
import { apiUrl, NETWORK_ERROR } from './client';

/** Rows per page of the records and review screens. */
export const RECORDS_PAGE_SIZE = 20;

export interface ExportQuery {
  view: ExportView;
  coid?: string;
  sid?: string;
  key?: string;
}

export type ExportResult = { ok: true; fileName: string; capped: number | null } | { ok: false; error: string };

/** The UTF-8 file name of a Content-Disposition (filename*, else the plain filename). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}

/**
 * GET learn/export: fetches the file with the session and hands it to the browser as a download (an object
 * URL on a link with `download`), so a refusal shows as a message rather than a downloaded error.
 */
export async function downloadExport(query: ExportQuery, format: ExportFormat): Promise<ExportResult> {
  let response: Response;
  try {
    const url = apiUrl('learn/export', { ...query, key: query.key || undefined, format });
    response = await fetch(url, { credentials: 'same-origin' });
  } catch {
    return { ok: false, error: NETWORK_ERROR };
  }
  if (!response.ok) {
    const reply = (await response.json().catch(() => null)) as { error?: string } | null;
    return { ok: false, error: reply?.error ?? `HTTP ${response.status}` };
  }
  const blob = await response.blob();
  const fileName = fileNameOf(response.headers.get('content-disposition'), `records.${format}`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has taken the blob by the next turn; the URL is let go a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  const capped = response.headers.get(EXPORT_CAPPED_HEADER);
  return { ok: true, fileName, capped: capped ? Number(capped) : null };
}
