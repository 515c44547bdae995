/**
 * Each viewer is a lazy chunk (architecture habit 8): from the build's metafile,
 * the modules the main entry, the home page and the catalogue pages load (their static import closure)
 * include neither video.js nor pdf.js; the video and PDF viewers' chunks do. The viewer files pdf.js
 * needs beside its code are in the build, versioned.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBuilt, WEB_DIR } from './harness';

type Output = { entryPoint?: string; imports: { path: string; kind: string }[]; inputs: Record<string, unknown> };
let outputs: Record<string, Output>;

beforeAll(async () => {
  await ensureWebBuilt();
  outputs = JSON.parse(fs.readFileSync(path.join(WEB_DIR, 'metafile.json'), 'utf8')).outputs;
});

/** The output chunk of an entry (the main entry or a lazily imported module). */
function chunkOf(entry: string): string {
  const found = Object.keys(outputs).find((file) => outputs[file]!.entryPoint === entry);
  if (!found) throw new Error(`no chunk for ${entry}`);
  return found;
}

/** Every module loaded with a chunk: its inputs and those of the chunks it imports statically (dynamic imports load later, on demand). */
function loadedModules(entry: string): string[] {
  const seen = new Set<string>();
  const stack = [chunkOf(entry)];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const imported of outputs[file]!.imports) if (imported.kind === 'import-statement') stack.push(imported.path);
  }
  return [...seen].flatMap((file) => Object.keys(outputs[file]!.inputs));
}

const VIDEO = /node_modules\/(video\.js|@videojs|m3u8-parser|mux\.js|mpd-parser)\//;
const PDF = /node_modules\/pdfjs-dist\//;

describe('viewer libraries load only on the learning pages', () => {
  it.each([
    'web/main.tsx',
    'web/pages/home/index.tsx',
    'web/pages/courselist/index.tsx',
    'web/pages/course/index.tsx',
    'web/pages/course/CourseEntry.tsx',
    'web/pages/learn/index.tsx',
  ])('%s loads neither video.js nor pdf.js', (entry) => {
    const modules = loadedModules(entry);
    expect(modules.length).toBeGreaterThan(0);
    expect(modules.filter((file) => VIDEO.test(file) || PDF.test(file))).toEqual([]);
  });

  it('the video viewer carries video.js and the PDF viewer pdf.js, each in its own chunk', () => {
    const video = loadedModules('web/components/viewers/VideoViewer.tsx');
    const pdf = loadedModules('web/components/viewers/PdfViewer.tsx');
    expect(video.some((file) => VIDEO.test(file))).toBe(true);
    expect(video.some((file) => PDF.test(file))).toBe(false);
    expect(pdf.some((file) => PDF.test(file))).toBe(true);
    expect(pdf.some((file) => VIDEO.test(file))).toBe(false);
  });

  it('the signature and rating dialogs are chunks of their own, loaded by the learning page only when a course asks for them', () => {
    const learn = loadedModules('web/pages/learn/index.tsx');
    for (const dialog of ['web/components/dialogs/SignatureDialog.tsx', 'web/components/dialogs/RatingDialog.tsx']) {
      expect(chunkOf(dialog)).toBeTruthy();
      expect(learn).not.toContain(dialog);
    }
  });

  it('pdf.js’s worker, cmaps, standard fonts and wasm, and video.js’s stylesheet are copied with their versions in the path', () => {
    const version = (name: string) =>
      JSON.parse(fs.readFileSync(path.resolve('node_modules', name, 'package.json'), 'utf8')).version as string;
    const pdfjs = path.join(WEB_DIR, 'assets/vendor', `pdfjs-${version('pdfjs-dist')}`);
    expect(fs.existsSync(path.join(pdfjs, 'pdf.worker.min.mjs'))).toBe(true);
    expect(fs.existsSync(path.join(pdfjs, 'cmaps/UniGB-UCS2-H.bcmap'))).toBe(true);
    expect(fs.readdirSync(path.join(pdfjs, 'standard_fonts')).length).toBeGreaterThan(10);
    expect(fs.existsSync(path.join(pdfjs, 'wasm/openjpeg.wasm'))).toBe(true);
    const videojs = path.join(WEB_DIR, 'assets/vendor', `video.js-${version('video.js')}`);
    const css = fs.readFileSync(path.join(videojs, 'video-js.min.css'), 'utf8');
    expect(css).toContain('url(VideoJS.woff)');
    expect(css).not.toContain('data:application/font-woff');
    expect(fs.existsSync(path.join(videojs, 'VideoJS.woff'))).toBe(true);
  });
});
