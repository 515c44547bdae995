/**
 * Web helpers of the analytics (shared/calls/analytics.ts): the XLSX downloads are files, not declared calls.
 * The file is fetched with the session and handed to the browser as a download, so a refusal shows as a
 * message rather than a downloaded error page.
 */
import { apiUrl, NETWORK_ERROR } from './client';
import { fileNameOf } from './records';

export type DownloadResult = { ok: true; fileName: string } | { ok: false; error: string };

/** GET analysis/{inactive,group,student}/export. */
export async function downloadAnalytics(
  path: 'analysis/inactive/export' | 'analysis/group/export' | 'analysis/student/export',
  query: Record<string, string | number | undefined>,
): Promise<DownloadResult> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), { credentials: 'same-origin' });
  } catch {
    return { ok: false, error: NETWORK_ERROR };
  }
  if (!response.ok) {
    const reply = (await response.json().catch(() => null)) as { error?: string } | null;
    return { ok: false, error: reply?.error ?? `HTTP ${response.status}` };
  }
  const blob = await response.blob();
  const fileName = fileNameOf(response.headers.get('content-disposition'), 'analytics.xlsx');
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { ok: true, fileName };
}
