import { Upload, type DetailedError } from 'tus-js-client';
import { uploadCalls } from '../../shared/calls/uploads';
import { pathOf } from '../../shared/contract';
import { ERRORS, type Reply } from '../../shared/envelope';
import type { MessageKey } from '../../shared/i18n';
import {
  TUS_FILE_ID_HEADER,
  TUS_METADATA,
  TUS_PATH,
  UPLOAD_ERRORS,
  UPLOAD_FILE_FIELD,
  type DirectPut,
  type UploadedFile,
} from '../../shared/schemas/uploads';
import type { Translate } from '../i18n';
import { apiUrl, currentRelease, NETWORK_ERROR, request } from './client';

/**
 * The one browser upload client (spec 4 'Upload': progress 0-100, can be suspended and continued; spec 7
 * 'Uploads': lan/upload multipart with field file-select; spec 8: '上传失败！', 'Network Error!').
 * Small files go to POST lan/upload/{name} in one request; large ones through tus (lan/tus/) in chunks, so
 * they can be paused and resumed (also after a reload: tus-js-client remembers the upload by fingerprint).
 * In the online release a caller may ask for the object store (issue 20): the file is PUT straight to the
 * store's signed URL, then reported with upload/complete; a server without a store answers no PUT, and the
 * file goes to lan/upload as usual.
 */

/** Files at least this large go through tus. */
export const TUS_THRESHOLD = 8 * 1024 * 1024;
/** tus PATCH size: a pause loses at most one chunk. */
export const TUS_CHUNK = 8 * 1024 * 1024;
/** Spec 4: 'A progress bar starts at 2 percent'. */
export const PROGRESS_START = 2;

export type UploadState = 'uploading' | 'paused' | 'processing' | 'done' | 'error' | 'cancelled';

/** Why an upload failed: the server's error string (UPLOAD_ERRORS ...), NETWORK_ERROR, or 'cancelled'. */
export class UploadFailure extends Error {
  constructor(
    readonly code: string,
    readonly httpStatus = 0,
  ) {
    super(code);
  }
}
export const CANCELLED = 'cancelled';

export interface UploadCallbacks {
  /** 0-100, never going back. */
  onProgress?: (percent: number) => void;
  onState?: (state: UploadState) => void;
}

export interface UploadHandle {
  readonly promise: Promise<UploadedFile>;
  /** True for tus uploads: pause and resume work. */
  readonly resumable: boolean;
  pause(): void;
  resume(): void;
  cancel(): void;
}

/**
 * Spec 4's progress bar: starts at 2 %, follows the bytes sent, and once every byte is out (the server is
 * storing the file) creeps toward 100 on a random timer; 100 only when the server has answered.
 */
class ProgressMeter {
  private shown = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  constructor(private readonly report: (percent: number) => void) {
    this.show(PROGRESS_START);
  }
  private show(percent: number) {
    const next = Math.min(100, Math.max(this.shown, Math.floor(percent)));
    if (next !== this.shown) {
      this.shown = next;
      this.report(next);
    }
  }
  bytes(sent: number, total: number) {
    const ratio = total > 0 ? sent / total : 1;
    this.show(Math.max(PROGRESS_START, Math.min(99, ratio * 99)));
    if (ratio >= 1) this.creep();
    else this.stopCreeping();
  }
  private creep() {
    if (this.timer) return;
    const step = () => {
      this.timer = setTimeout(step, 300 + Math.random() * 700);
      if (this.shown < 99) this.show(this.shown + 1);
    };
    this.timer = setTimeout(step, 300 + Math.random() * 700);
  }
  stopCreeping() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
  done() {
    this.stopCreeping();
    this.show(100);
  }
}

/** The error string of a failed reply's body: the envelope's error, a tus plain-text body, or the HTTP status. */
function errorOfBody(status: number, body: string): string {
  try {
    const reply = JSON.parse(body) as Reply<unknown>;
    if (reply && reply.status === 'error' && reply.error) return reply.error;
  } catch {
    // not JSON: tus answers plain text
  }
  const text = body.trim();
  return text && text.length < 200 ? text : `HTTP ${status}`;
}

/** POST lan/upload/{name}: one multipart request with upload progress (XMLHttpRequest: fetch has none). */
function multipartUpload(file: File, meter: ProgressMeter, callbacks: UploadCallbacks): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<UploadedFile>((resolve, reject) => {
    // Not request(): XMLHttpRequest reports upload progress, fetch does not; the path is still the declaration's.
    xhr.open(uploadCalls.upload.method, apiUrl(pathOf(uploadCalls.upload, { name: file.name })));
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => meter.bytes(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.upload.onload = () => {
      meter.bytes(file.size, file.size);
      callbacks.onState?.('processing');
    };
    xhr.onload = () => {
      meter.stopCreeping();
      let reply: Reply<UploadedFile> | null = null;
      try {
        reply = JSON.parse(xhr.responseText) as Reply<UploadedFile>;
      } catch {
        reply = null;
      }
      // Spec 8: a non-200 answer is a failure whatever it says.
      if (xhr.status === 200 && reply?.status === 'ok') return resolve(reply.data);
      reject(new UploadFailure(errorOfBody(xhr.status, xhr.responseText), xhr.status));
    };
    xhr.onerror = () => reject(new UploadFailure(NETWORK_ERROR));
    xhr.onabort = () => reject(new UploadFailure(CANCELLED));
    const form = new FormData();
    form.append(UPLOAD_FILE_FIELD, file, file.name);
    xhr.send(form);
  });
  return { promise, resumable: false, pause: () => undefined, resume: () => undefined, cancel: () => xhr.abort() };
}

/** The file's type as the token call takes it (File.type when it is a plain mime type). */
const typeOf = (file: File) => (/^[A-Za-z0-9][\w.+-]*\/[\w.+-]+$/.test(file.type) ? file.type : undefined);

/** PUT of the file to the store's signed URL, with progress; resolves when the store has it. */
function putToStore(xhr: XMLHttpRequest, file: File, put: DirectPut, meter: ProgressMeter, callbacks: UploadCallbacks) {
  return new Promise<void>((resolve, reject) => {
    xhr.open(put.method, put.url);
    for (const [name, value] of Object.entries(put.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => meter.bytes(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.upload.onload = () => {
      meter.bytes(file.size, file.size);
      callbacks.onState?.('processing');
    };
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300
        ? resolve()
        : reject(new UploadFailure(errorOfBody(xhr.status, xhr.responseText), xhr.status));
    xhr.onerror = () => reject(new UploadFailure(NETWORK_ERROR));
    xhr.onabort = () => reject(new UploadFailure(CANCELLED));
    xhr.send(file);
  });
}

/**
 * Online release (issue 20): GET token with the file's size and type; with a signed PUT in the reply the file
 * goes straight to the object store (XMLHttpRequest: progress), then POST upload/complete records it. A reply
 * without one (no store configured) hands the file to `otherwise` (lan/upload).
 */
function directUpload(
  file: File,
  meter: ProgressMeter,
  callbacks: UploadCallbacks,
  otherwise: () => UploadHandle,
): UploadHandle {
  const xhr = new XMLHttpRequest();
  let cancelled = false;
  let inner: UploadHandle | null = null;
  const fail = (reply: { error: string | null; data: unknown }) => {
    const status = (reply.data as { httpStatus?: number } | null)?.httpStatus ?? 0;
    return new UploadFailure(reply.error || NETWORK_ERROR, status);
  };
  const run = async (): Promise<UploadedFile> => {
    const query = { filename: file.name, size: file.size, contentType: typeOf(file) };
    const token = await request(uploadCalls.token, { query });
    if (cancelled) throw new UploadFailure(CANCELLED);
    if (token.status !== 'ok') throw fail(token);
    if (!token.data.put) {
      inner = otherwise();
      return inner.promise;
    }
    await putToStore(xhr, file, token.data.put, meter, callbacks);
    const done = await request(uploadCalls.complete, { body: { uptoken: token.data.uptoken } });
    if (done.status !== 'ok') throw fail(done);
    return done.data;
  };
  const promise = run().finally(() => meter.stopCreeping());
  const cancel = () => {
    cancelled = true;
    if (inner) inner.cancel();
    else xhr.abort();
  };
  return { promise, resumable: false, pause: () => undefined, resume: () => undefined, cancel };
}

/** A resumable tus upload to lan/tus/; the stored file is read back from lan/upload/result/{uploadId}. */
function tusUpload(file: File, meter: ProgressMeter, callbacks: UploadCallbacks): UploadHandle {
  let upload: Upload | null = null;
  let settle: { resolve: (file: UploadedFile) => void; reject: (error: UploadFailure) => void } | null = null;
  const promise = new Promise<UploadedFile>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const fail = (error: UploadFailure) => {
    meter.stopCreeping();
    settle?.reject(error);
  };
  upload = new Upload(file, {
    endpoint: apiUrl(TUS_PATH),
    chunkSize: TUS_CHUNK,
    retryDelays: [0, 1000, 3000, 5000],
    metadata: { [TUS_METADATA.filename]: file.name, [TUS_METADATA.filetype]: file.type || 'application/octet-stream' },
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onProgress: (sent, total) => {
      meter.bytes(sent, total);
      if (sent >= total) callbacks.onState?.('processing');
    },
    onSuccess: async ({ lastResponse }) => {
      // The final PATCH names the stored file; the result call gives its whole description.
      const uploadId = (upload?.url ?? '').split('/').filter(Boolean).pop() ?? '';
      const reply = await request(uploadCalls.result, { params: { uploadId } });
      if (
        reply.status === 'ok' &&
        (!lastResponse.getHeader(TUS_FILE_ID_HEADER) ||
          reply.data.fileId === lastResponse.getHeader(TUS_FILE_ID_HEADER))
      ) {
        meter.done();
        settle?.resolve(reply.data);
        return;
      }
      fail(new UploadFailure(reply.status === 'ok' ? 'upload result mismatch' : reply.error || NETWORK_ERROR));
    },
    onError: (error) => {
      const response = (error as DetailedError).originalResponse;
      if (!response) return fail(new UploadFailure(NETWORK_ERROR));
      fail(new UploadFailure(errorOfBody(response.getStatus(), response.getBody() ?? ''), response.getStatus()));
    },
  });
  const begin = async () => {
    const previous = await upload!.findPreviousUploads().catch(() => []);
    if (previous.length > 0) upload!.resumeFromPreviousUpload(previous[0]!);
    upload!.start();
  };
  void begin();
  return {
    promise,
    resumable: true,
    pause: () => {
      meter.stopCreeping();
      void upload?.abort(false);
      callbacks.onState?.('paused');
    },
    resume: () => {
      callbacks.onState?.('uploading');
      upload?.start();
    },
    cancel: () => {
      meter.stopCreeping();
      // Terminate: the server drops the partial file.
      void upload?.abort(true).catch(() => undefined);
      fail(new UploadFailure(CANCELLED));
    },
  };
}

/**
 * Uploads a file: tus for large files (pause/resume), one multipart request for small ones (or when
 * `resumable` is false); with `toStore` in the online release, straight to the object store when the server
 * has one (page images; the resource library's files, whose conversion reads and writes the store too).
 * Progress is 0-100 and starts at 2 (spec 4); the promise gives the stored file (zUploadedFile) or rejects
 * with an UploadFailure.
 */
export function startUpload(
  file: File,
  callbacks: UploadCallbacks = {},
  options: { resumable?: boolean; toStore?: boolean } = {},
): UploadHandle {
  const meter = new ProgressMeter((percent) => callbacks.onProgress?.(percent));
  callbacks.onState?.('uploading');
  const resumable = options.resumable ?? file.size >= TUS_THRESHOLD;
  const local = () => (resumable ? tusUpload(file, meter, callbacks) : multipartUpload(file, meter, callbacks));
  const handle =
    options.toStore && currentRelease() === 'online' ? directUpload(file, meter, callbacks, local) : local();
  const promise = handle.promise.then(
    (stored) => {
      meter.done();
      callbacks.onState?.('done');
      return stored;
    },
    (error: unknown) => {
      const failure = error instanceof UploadFailure ? error : new UploadFailure(NETWORK_ERROR);
      callbacks.onState?.(failure.code === CANCELLED ? 'cancelled' : 'error');
      throw failure;
    },
  );
  // Callers that only watch the state must not see an unhandled rejection.
  promise.catch(() => undefined);
  return { ...handle, promise };
}

const REASONS: Record<string, MessageKey> = {
  [UPLOAD_ERRORS.tooLarge]: 'upload.reason.tooLarge',
  [UPLOAD_ERRORS.typeNotAllowed]: 'upload.reason.typeNotAllowed',
  [UPLOAD_ERRORS.badName]: 'upload.reason.badName',
  [UPLOAD_ERRORS.diskFull]: 'upload.reason.diskFull',
  [UPLOAD_ERRORS.noFile]: 'upload.reason.noFile',
  [UPLOAD_ERRORS.typeMismatch]: 'upload.reason.typeNotAllowed',
  [ERRORS.noLogin]: 'upload.reason.noLogin',
  [ERRORS.forbidden]: 'upload.reason.forbidden',
};

/**
 * The message of a failed upload (spec 8): 'Network Error!' when the server was not reached, otherwise
 * '上传失败！' with the reason the server gave. The 'upload.*' messages come with the back office's chunk.
 */
export function uploadErrorText(t: Translate, failure: unknown): string {
  const code = failure instanceof UploadFailure ? failure.code : NETWORK_ERROR;
  if (code === NETWORK_ERROR) return t('upload.networkError');
  const reason = REASONS[code];
  if (reason) return t('upload.failedWith', { reason: t(reason) });
  return t('upload.failed');
}
