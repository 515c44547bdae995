import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { TestApp } from '../helpers/app';

/** Helpers of the upload tests: multipart bodies made by hand, raw HTTP requests against a listening app. */

export const BOUNDARY = '----lanxue-test-boundary-7MA4YWxkTrZu0gW';

export type Part = { name: string; value: string } | { name: string; filename: string; type?: string; data: Buffer };

/** A multipart/form-data body of these parts (fields and files in this order). */
export function multipartBody(parts: Part[]): { body: Buffer; headers: Record<string, string> } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        fileHead(part.name, part.filename, part.type ?? 'application/octet-stream'),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  const body = Buffer.concat(chunks);
  return {
    body,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(body.length) },
  };
}

export function fileHead(field: string, filename: string, type: string): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
}
export const bodyTail = () => Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

/** Deterministic bytes: chunk i of a streamed file (so the received file can be checked without keeping it). */
export function patternChunk(index: number, size: number): Buffer {
  const chunk = Buffer.alloc(size);
  let x = (index * 2654435761) >>> 0;
  for (let i = 0; i < size; i += 4) {
    x = (x * 1103515245 + 12345) >>> 0;
    chunk.writeUInt32LE(x, i);
  }
  return chunk;
}

/** A multipart body whose file is `total` bytes of pattern chunks, produced as it is read. */
export function streamedFileBody(
  filename: string,
  type: string,
  total: number,
  chunkSize = 1024 * 1024,
): { stream: Readable; length: number } {
  const head = fileHead('file-select', filename, type);
  const tail = bodyTail();
  let sent = 0;
  let index = 0;
  let headSent = false;
  const stream = new Readable({
    read() {
      if (!headSent) {
        headSent = true;
        this.push(head);
        return;
      }
      if (sent >= total) {
        this.push(tail);
        this.push(null);
        return;
      }
      const size = Math.min(chunkSize, total - sent);
      const chunk = patternChunk(index++, chunkSize);
      this.push(size === chunkSize ? chunk : chunk.subarray(0, size));
      sent += size;
    },
  });
  return { stream, length: head.length + total + tail.length };
}

/** Starts the app on a free loopback port; returns its base URL. */
export async function listen(app: TestApp): Promise<{ port: number; base: string }> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { port: address.port, base: `http://127.0.0.1:${address.port}` };
}

/** A raw HTTP request with a streamed body; resolves with the status and the parsed JSON. */
export function rawRequest(
  port: number,
  options: { method: string; path: string; headers: Record<string, string>; body: Readable | Buffer },
): Promise<{ status: number; json: any; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method: options.method, path: options.path, headers: options.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown = null;
          try {
            json = JSON.parse(text);
          } catch {
            json = text;
          }
          resolve({ status: response.statusCode ?? 0, json, headers: response.headers });
        });
      },
    );
    request.on('error', reject);
    if (Buffer.isBuffer(options.body)) request.end(options.body);
    else options.body.pipe(request);
  });
}

/** Every file under a folder (recursive), as paths relative to it. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(dir, path.join(entry.parentPath ?? (entry as unknown as { path: string }).path, entry.name)),
    );
}
