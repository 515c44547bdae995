/**
 * Reading a 'homesetting' window message (spec 7): the back office's preview and an embedding page send the
 * setting as JSON text. Loaded on the first message, so the schema stays out of the first page load.
 */
import { zHomeSetting, type HomeSetting } from '../../shared/schemas/home-setting';

/** The message type the embedding page (or the back office preview) sends. */
export const HOME_SETTING_MESSAGE = 'homesetting';

const parseJson = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
};

/**
 * Reads a 'homesetting' message: {type:'homesetting', setting: JSON text or object}, {homesetting: JSON text},
 * or either of those as JSON text. Anything else, or a setting the schema refuses, is null.
 */
export function readHomeSettingMessage(data: unknown): HomeSetting | null {
  const message = parseJson(data);
  if (!message || typeof message !== 'object') return null;
  const record = message as Record<string, unknown>;
  const raw = record.type === HOME_SETTING_MESSAGE ? record.setting : record[HOME_SETTING_MESSAGE];
  if (raw === undefined) return null;
  const parsed = zHomeSetting.safeParse(parseJson(raw));
  return parsed.success ? parsed.data : null;
}
