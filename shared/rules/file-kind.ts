/**
 * What an uploaded file is, from its name and mime type (spec 5 'Uploaded files': the extension comes from
 * the file name or, when missing, from the mime type, upper-cased; video is a mime type starting with video).
 */

/** Extensions of well-known mime types, for names without one. */
const EXT_OF_MIME: Record<string, string> = {
  'video/mp4': 'MP4',
  'video/quicktime': 'MOV',
  'video/webm': 'WEBM',
  'video/x-matroska': 'MKV',
  'video/x-msvideo': 'AVI',
  'video/x-flv': 'FLV',
  'audio/mpeg': 'MP3',
  'audio/mp4': 'M4A',
  'audio/aac': 'AAC',
  'audio/wav': 'WAV',
  'audio/x-wav': 'WAV',
  'audio/ogg': 'OGG',
  'audio/flac': 'FLAC',
  'application/pdf': 'PDF',
  'application/msword': 'DOC',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'application/vnd.ms-excel': 'XLS',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
  'application/vnd.ms-powerpoint': 'PPT',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PPTX',
  'image/jpeg': 'JPG',
  'image/png': 'PNG',
  'image/gif': 'GIF',
  'image/webp': 'WEBP',
  'image/bmp': 'BMP',
  'image/svg+xml': 'SVG',
  'text/plain': 'TXT',
  'text/csv': 'CSV',
  'text/vtt': 'VTT',
  'application/zip': 'ZIP',
};

/** The upper-cased extension of an upload: from the name when it has one, else from the mime type; '' when neither says. */
export function uploadExtension(fileName: string, mime: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const fromName = dot > 0 && dot < base.length - 1 ? base.slice(dot + 1) : '';
  if (/^[A-Za-z0-9]{1,10}$/.test(fromName)) return fromName.toUpperCase();
  return EXT_OF_MIME[mime.toLowerCase().split(';')[0]!.trim()] ?? '';
}

/** The usual mime type of an upper-cased extension (the first one named above), or undefined. */
export function mimeOfExtension(ext: string): string | undefined {
  if (ext === 'JPEG') return 'image/jpeg';
  if (ext === 'M4V') return 'video/mp4';
  return Object.entries(EXT_OF_MIME).find(([, known]) => known === ext)?.[0];
}

/** Spec 5: video is detected by a mime type starting with 'video'. */
export const isVideoMime = (mime: string) => mime.toLowerCase().startsWith('video');

export type ResourceKind = 'video' | 'audio' | 'pdf' | 'office' | 'ppt' | 'image' | 'other';

const KIND_OF_EXT: Record<string, ResourceKind> = {
  MP4: 'video',
  M4V: 'video',
  MOV: 'video',
  WEBM: 'video',
  MKV: 'video',
  AVI: 'video',
  FLV: 'video',
  WMV: 'video',
  MP3: 'audio',
  M4A: 'audio',
  AAC: 'audio',
  WAV: 'audio',
  OGG: 'audio',
  FLAC: 'audio',
  PDF: 'pdf',
  DOC: 'office',
  DOCX: 'office',
  XLS: 'office',
  XLSX: 'office',
  PPT: 'ppt',
  PPTX: 'ppt',
  JPG: 'image',
  JPEG: 'image',
  PNG: 'image',
  GIF: 'image',
  WEBP: 'image',
  BMP: 'image',
};

/** The library kind of a file: a video mime wins (spec 5), then the extension, then the mime family. */
export function resourceKindOf(ext: string, mime: string): ResourceKind {
  if (isVideoMime(mime)) return 'video';
  const byExt = KIND_OF_EXT[ext.toUpperCase()];
  if (byExt) return byExt;
  if (mime.toLowerCase().startsWith('audio')) return 'audio';
  if (mime.toLowerCase().startsWith('image/') && !mime.includes('svg')) return 'image';
  return 'other';
}
