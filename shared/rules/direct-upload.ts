/**
 * Direct uploads to the object store (issue 20, spec 7 'Uploads', online release): what the platform checks
 * when a browser reports that it PUT a file with a signed URL, before the file is recorded.
 */

export type DirectUploadProblem = 'notUploaded' | 'tooLarge' | 'sizeMismatch' | 'typeMismatch';

export interface ObjectFacts {
  size: number;
  contentType: string;
}

/** The media type of a Content-Type, lower-cased, without parameters ('Image/PNG; x=1' is 'image/png'). */
export function mediaType(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

/**
 * Why the stored object may not be recorded, or null when it may: it must exist, be no larger than the
 * upload limit, have exactly the declared size and the declared content type.
 */
export function directUploadProblem(
  declared: ObjectFacts,
  found: ObjectFacts | null,
  maxBytes: number,
): DirectUploadProblem | null {
  if (!found) return 'notUploaded';
  if (found.size > maxBytes) return 'tooLarge';
  if (found.size !== declared.size) return 'sizeMismatch';
  if (mediaType(found.contentType) !== mediaType(declared.contentType)) return 'typeMismatch';
  return null;
}

/** The content type a direct upload declares: the browser's File.type, else the extension's, else binary. */
export function declaredContentType(given: string | undefined, ofExtension: string | undefined): string {
  return given || ofExtension || 'application/octet-stream';
}
