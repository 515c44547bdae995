import { describe, expect, it } from 'vitest';
import {
  declaredContentType,
  directUploadProblem,
  mediaType,
  type ObjectFacts,
} from '../../shared/rules/direct-upload';
import { mimeOfExtension } from '../../shared/rules/file-kind';

const declared: ObjectFacts = { size: 100, contentType: 'image/png' };

describe('what completion of a direct upload checks against the stored object', () => {
  it.each<[string, ObjectFacts | null, number, string | null]>([
    ['the object as declared', { size: 100, contentType: 'image/png' }, 1000, null],
    ['exactly at the limit', { size: 100, contentType: 'image/png' }, 100, null],
    ['the type in another case, with a parameter', { size: 100, contentType: 'Image/PNG; q=1' }, 1000, null],
    ['no object at the key', null, 1000, 'notUploaded'],
    ['larger than the limit (before any other check)', { size: 101, contentType: 'text/html' }, 100, 'tooLarge'],
    ['larger than declared', { size: 101, contentType: 'image/png' }, 1000, 'sizeMismatch'],
    ['smaller than declared', { size: 99, contentType: 'image/png' }, 1000, 'sizeMismatch'],
    ['empty where bytes were declared', { size: 0, contentType: 'image/png' }, 1000, 'sizeMismatch'],
    ['another content type', { size: 100, contentType: 'text/html' }, 1000, 'typeMismatch'],
    ['no content type', { size: 100, contentType: '' }, 1000, 'typeMismatch'],
  ])('%s', (_name, found, max, expected) => {
    expect(directUploadProblem(declared, found, max)).toBe(expected);
  });
});

describe('the content type a direct upload declares', () => {
  it.each<[string | undefined, string | undefined, string]>([
    ['application/pdf', 'image/png', 'application/pdf'],
    [undefined, 'image/png', 'image/png'],
    ['', 'image/png', 'image/png'],
    [undefined, undefined, 'application/octet-stream'],
  ])('given %s, the extension says %s: %s', (given, ofExt, expected) => {
    expect(declaredContentType(given, ofExt)).toBe(expected);
  });

  it.each<[string, string | undefined]>([
    ['PNG', 'image/png'],
    ['JPG', 'image/jpeg'],
    ['JPEG', 'image/jpeg'],
    ['MP4', 'video/mp4'],
    ['M4V', 'video/mp4'],
    ['PDF', 'application/pdf'],
    ['SRT', undefined],
  ])('the mime type of %s is %s', (ext, mime) => {
    expect(mimeOfExtension(ext)).toBe(mime);
  });

  it('compares media types without case or parameters', () => {
    expect(mediaType(' Text/Plain ; charset=utf-8')).toBe('text/plain');
  });
});
