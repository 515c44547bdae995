import writeXlsxFile, { type Row } from 'write-excel-file/node';

/** Student lists as files, the way people make them: CSV (UTF-8, with a BOM, or GBK as Excel in China saves) and XLSX. */

export type Cell = string | number | Date | null;

const quote = (cell: Cell) => {
  const text = cell === null ? '' : cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const csvText = (rows: Cell[][]) => rows.map((row) => row.map(quote).join(',')).join('\r\n') + '\r\n';

let gbkTable: Map<string, Buffer> | null = null;

/** A GBK encoder made from the platform's GB18030 decoder (every two-byte GBK code decoded once). */
function gbk(text: string): Buffer {
  if (!gbkTable) {
    gbkTable = new Map();
    const pairs: number[] = [];
    for (let lead = 0x81; lead <= 0xfe; lead++)
      for (let trail = 0x40; trail <= 0xfe; trail++) if (trail !== 0x7f) pairs.push(lead, trail);
    const decoder = new TextDecoder('gb18030');
    for (let i = 0; i < pairs.length; i += 2) {
      const char = decoder.decode(Uint8Array.from([pairs[i], pairs[i + 1]]));
      if (char.length === 1 && char !== '\ufffd' && !gbkTable.has(char))
        gbkTable.set(char, Buffer.from([pairs[i], pairs[i + 1]]));
    }
  }
  return Buffer.concat(
    Array.from(text).map((char) => {
      if (char.charCodeAt(0) < 0x80) return Buffer.from(char, 'latin1');
      const bytes = gbkTable!.get(char);
      if (!bytes) throw new Error(`no GBK code for ${char}`);
      return bytes;
    }),
  );
}

/** A CSV file: UTF-8 (optionally with a BOM) or GBK. */
export function csvFile(rows: Cell[][], encoding: 'utf8' | 'utf8-bom' | 'gbk' = 'utf8'): Buffer {
  const text = csvText(rows);
  if (encoding === 'gbk') return gbk(text);
  return Buffer.from(encoding === 'utf8-bom' ? `\uFEFF${text}` : text, 'utf8');
}

/** An XLSX file: numbers stay number cells, dates date cells (yyyy-mm-dd), text text. */
export async function xlsxFile(rows: Cell[][]): Promise<Buffer> {
  const data: Row[] = rows.map((row) =>
    row.map((value) => (value === null ? null : value instanceof Date ? { value, format: 'yyyy-mm-dd' } : { value })),
  );
  return writeXlsxFile(data).toBuffer();
}
