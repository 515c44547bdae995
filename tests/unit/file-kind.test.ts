import { describe, expect, it } from 'vitest';
import { isVideoMime, resourceKindOf, uploadExtension } from '../../shared/rules/file-kind';
import { isPlainFileName } from '../../shared/schemas/uploads';

/** Spec 5 'Uploaded files': the extension from the name or, when missing, the mime type, upper-cased; video by mime. */
describe('uploadExtension', () => {
  const cases: [name: string, mime: string, ext: string][] = [
    ['lesson.mp4', 'video/mp4', 'MP4'],
    ['Lesson.Mp4', '', 'MP4'],
    ['slides.final.pptx', 'application/octet-stream', 'PPTX'],
    ['archive.tar.gz', '', 'GZ'],
    ['第一课.PDF', '', 'PDF'],
    // No extension in the name: from the mime type.
    ['clip', 'video/mp4', 'MP4'],
    ['clip', 'VIDEO/QuickTime', 'MOV'],
    ['clip', 'video/mp4; codecs="avc1.42E01E"', 'MP4'],
    ['photo', 'image/jpeg', 'JPG'],
    ['subtitles', 'text/vtt', 'VTT'],
    ['name.', 'application/pdf', 'PDF'],
    ['.hidden', 'image/png', 'PNG'],
    // An extension that is not a plain short word does not count.
    ['report.文档', 'application/msword', 'DOC'],
    ['bad.ext with space', 'image/png', 'PNG'],
    ['toolong.abcdefghijk', '', ''],
    // Neither says: empty (the upload refuses it as a type outside the list).
    ['noext', 'application/octet-stream', ''],
    ['noext', '', ''],
    ['', '', ''],
    // Folders in a client-sent name are ignored here (the upload refuses such names before).
    ['C:\\Users\\me\\video.mkv', '', 'MKV'],
    ['dir/sub/file.webm', '', 'WEBM'],
  ];
  it.each(cases)('%j with mime %j gives %j', (name, mime, ext) => {
    expect(uploadExtension(name, mime)).toBe(ext);
  });
});

describe('isVideoMime (spec 5: a mime type starting with video)', () => {
  it.each([
    ['video/mp4', true],
    ['Video/webm', true],
    ['video', true],
    ['audio/mp4', false],
    ['application/mp4', false],
    ['', false],
  ] as const)('%j → %s', (mime, video) => expect(isVideoMime(mime)).toBe(video));
});

describe('resourceKindOf', () => {
  const cases: [ext: string, mime: string, kind: string][] = [
    ['MP4', 'video/mp4', 'video'],
    ['BIN', 'video/x-custom', 'video'], // a video mime wins
    ['MOV', 'application/octet-stream', 'video'],
    ['mkv', '', 'video'],
    ['MP3', 'audio/mpeg', 'audio'],
    ['M4A', 'audio/mp4', 'audio'],
    ['XYZ', 'audio/x-weird', 'audio'],
    ['PDF', 'application/pdf', 'pdf'],
    ['DOC', '', 'office'],
    ['DOCX', '', 'office'],
    ['XLS', '', 'office'],
    ['XLSX', '', 'office'],
    ['PPT', '', 'ppt'],
    ['PPTX', 'application/vnd.openxmlformats-officedocument.presentationml.presentation', 'ppt'],
    ['JPG', 'image/jpeg', 'image'],
    ['PNG', '', 'image'],
    ['WEBP', '', 'image'],
    ['HEIC', 'image/heic', 'image'],
    // SVG can carry script: never an image chapter.
    ['SVG', 'image/svg+xml', 'other'],
    ['TXT', 'text/plain', 'other'],
    ['ZIP', 'application/zip', 'other'],
    ['', '', 'other'],
  ];
  it.each(cases)('%j with mime %j is %j', (ext, mime, kind) => {
    expect(resourceKindOf(ext, mime)).toBe(kind);
  });
});

describe('isPlainFileName (upload names: no path parts)', () => {
  it.each([
    ['lesson.mp4', true],
    ['第一课 (final).pptx', true],
    ['..hidden.png', true],
    ['a..b.png', true],
    ['', false],
    ['.', false],
    ['..', false],
    ['../x.png', false],
    ['a/b.png', false],
    ['a\\b.png', false],
    ['/etc/passwd', false],
    ['C:evil.png', false],
    ['c:\\x.png', false],
    ['nul\u0000.png', false],
    ['line\nbreak.png', false],
    ['x'.repeat(256), false],
  ] as const)('%j → %s', (name, plain) => expect(isPlainFileName(name)).toBe(plain));
});
