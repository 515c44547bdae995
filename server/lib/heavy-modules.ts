/**
 * Packages that only some requests and jobs use (images, spreadsheets, QR codes, backups), loaded the first time
 * one is needed instead of at start: loaded eagerly they were a good part of an idle server's memory
 * (scripts/bench/run.mjs 'idle memory'). Each loader answers the same module to every caller; callers take
 * the packages' types with `import type`. A package that fails to load fails the calls that need it.
 */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}

export const loadSharp = once(async () => (await import('sharp')).default);
export const loadXlsxWriter = once(async () => (await import('write-excel-file/node')).default);
export const loadXlsxReader = once(async () => (await import('read-excel-file/node')).readSheet);
export const loadQrCode = once(async () => (await import('qrcode')).default);
export const loadTar = once(() => import('tar'));
/** The AWS SDK's S3 client and presigner (STORAGE=s3 only: a lan server never loads them). */
export const loadS3 = once(async () => ({
  ...(await import('@aws-sdk/client-s3')),
  ...(await import('@aws-sdk/s3-request-presigner')),
}));
