import { createContext, useContext } from 'react';
import { zBootstrap, type Bootstrap } from '../shared/schemas/bootstrap';
import { withMiniprogram } from './miniprogram';

/** Reads the page bootstrap data the HTML shell embeds as <script type="application/json" id="bootstrap">. */
export function readBootstrap(doc: Document = document): { ok: true; data: Bootstrap } | { ok: false; reason: string } {
  const text = doc.getElementById('bootstrap')?.textContent;
  if (!text) return { ok: false, reason: 'missing bootstrap data' };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'bootstrap data is not JSON' };
  }
  const parsed = zBootstrap.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: `bad bootstrap data: ${issue?.path.join('.')} ${issue?.message}` };
  }
  return { ok: true, data: withMiniprogram(parsed.data) };
}

export const BootstrapContext = createContext<Bootstrap | null>(null);

/** The page bootstrap data of this page load. */
export function useBootstrap(): Bootstrap {
  const value = useContext(BootstrapContext);
  if (!value) throw new Error('useBootstrap outside BootstrapContext');
  return value;
}
