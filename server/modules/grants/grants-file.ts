/**
 * The user names of an uploaded list (CSV or XLSX, read as the student import reads its files): the column
 * headed 用户名 / 账号 / username / user name, else the first column (its first row too, a name without a header).
 */
import { readSheetText } from '../student-import/import-file';

const NAME_HEADERS = /^(用户名|账号|登录名|user\s*name|username|login)$/i;

/** The user names of the file, in order, blanks dropped. */
export async function userNamesOf(file: { bytes: Buffer; name: string }): Promise<string[]> {
  const { headers, rows } = await readSheetText(file.bytes, file.name);
  const column = headers.findIndex((cell) => NAME_HEADERS.test(cell.trim()));
  const names = rows.map((row) => row.cells[Math.max(column, 0)] ?? '');
  return (column >= 0 ? names : [headers[0] ?? '', ...names]).map((name) => name.trim()).filter(Boolean);
}
