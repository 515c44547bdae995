import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  configureMediaQueue,
  conversionStatus,
  enqueueConversion,
  mediaQueuePeak,
} from '../../server/modules/media/media.service';
import { makeApp, type TestApp } from '../helpers/app';
import {
  addResource,
  derived,
  isJpeg,
  isPng,
  jobMs,
  makeDocx,
  makePptx,
  missingTools,
  scratch,
  waitForStatus,
} from './media-helpers';

/** Office documents to PDF and presentations to PDF plus one image a slide (LibreOffice headless, poppler). */
const missing = missingTools(['soffice', 'pdftoppm', 'pdfinfo'], 'media-office');

describe.skipIf(missing.length > 0)('office documents and presentations with LibreOffice and poppler', () => {
  let app: TestApp;
  let dir: string;
  let docx: string;
  let pptx: string;

  beforeAll(async () => {
    dir = scratch('office');
    docx = makeDocx(dir);
    pptx = makePptx(dir, 2);
    // Two slots: the document and the presentation convert at the same time, each with its own LibreOffice profile.
    app = await makeApp(
      { MEDIA_CONCURRENCY: 2 },
      { setup: (built) => configureMediaQueue(built.ctx, { retryDelayMs: () => 100 }) },
    );
  }, 120_000);
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('converts a docx and a pptx side by side: PDF, pages, slide images and thumbnails', async () => {
    const doc = await addResource(app, { from: docx, ext: 'DOCX', kind: 'office' });
    const deck = await addResource(app, { from: pptx, ext: 'PPTX', kind: 'ppt' });
    await enqueueConversion(app.ctx, doc.rid);
    await enqueueConversion(app.ctx, deck.rid);
    const [docDone, deckDone] = await Promise.all([
      waitForStatus(app, doc.rid, ['ready', 'failed', 'unconverted'], 150_000),
      waitForStatus(app, deck.rid, ['ready', 'failed', 'unconverted'], 150_000),
    ]);
    console.info(
      `[media-office] docx → PDF + thumb in ${jobMs(docDone)} ms; 2-slide pptx → PDF + slide PNGs in ${jobMs(deckDone)} ms (parallel, fresh profiles)`,
    );
    expect(docDone.status, docDone.statusMessage).toBe('ready');
    expect(deckDone.status, deckDone.statusMessage).toBe('ready');
    expect(mediaQueuePeak(app.ctx)).toBe(2);

    expect(docDone.outputs).toEqual({ pdf: 'document.pdf', pages: 1, thumb: 'thumb.jpg' });
    const pdf = fs.readFileSync(derived(app, doc.rid, 'document.pdf'));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // The Chinese text made it into the PDF as text (pdftotext comes with poppler-utils).
    expect(execFileSync('pdftotext', [derived(app, doc.rid, 'document.pdf'), '-'], { encoding: 'utf8' })).toContain(
      '蓝学课程讲义',
    );
    expect(isJpeg(derived(app, doc.rid, 'thumb.jpg'))).toBe(true);

    expect(deckDone.outputs).toEqual({
      pdf: 'document.pdf',
      pages: 2,
      slides: ['slides/slide-1.png', 'slides/slide-2.png'],
      thumb: 'thumb.jpg',
    });
    expect(fs.readdirSync(derived(app, deck.rid, 'slides')).sort()).toEqual(['slide-1.png', 'slide-2.png']);
    for (const slide of ['slides/slide-1.png', 'slides/slide-2.png'])
      expect(isPng(derived(app, deck.rid, slide))).toBe(true);
    const { default: sharp } = await import('sharp');
    const slideSize = await sharp(derived(app, deck.rid, 'slides/slide-1.png')).metadata();
    expect(Math.max(slideSize.width ?? 0, slideSize.height ?? 0)).toBe(1280);
    // The two slides differ (each carries its own text).
    expect(
      fs
        .readFileSync(derived(app, deck.rid, 'slides/slide-1.png'))
        .equals(fs.readFileSync(derived(app, deck.rid, 'slides/slide-2.png'))),
    ).toBe(false);

    // One profile folder per slot, and no work folders left behind.
    const tmp = fs
      .readdirSync(path.join(app.ctx.config.dataDir, 'tmp'))
      .filter((name) => name.startsWith('lo-'))
      .sort();
    expect(tmp).toEqual(['lo-0', 'lo-1']);
    expect(fs.readdirSync(path.join(app.ctx.config.dataDir, 'files', 'derived')).sort()).toEqual(
      [doc.rid, deck.rid].sort(),
    );
  }, 180_000);

  it('reads an uploaded PDF: page count and first-page thumbnail, the PDF itself left as it is', async () => {
    const source = path.join(dir, 'lecture.pdf');
    execFileSync(
      'soffice',
      [
        `-env:UserInstallation=file://${path.join(dir, '.lo-profile')}`,
        '--headless',
        '--convert-to',
        'pdf',
        '--outdir',
        dir,
        pptx,
      ],
      { stdio: 'pipe' },
    );
    fs.renameSync(path.join(dir, 'deck.pdf'), source);
    const { rid } = await addResource(app, { from: source, ext: 'PDF', kind: 'pdf', mime: 'application/pdf' });
    await enqueueConversion(app.ctx, rid);
    const done = await waitForStatus(app, rid, ['ready', 'failed', 'unconverted'], 60_000);
    console.info(`[media-office] PDF page count + thumb in ${jobMs(done)} ms`);
    expect(done.status, done.statusMessage).toBe('ready');
    expect(done.outputs).toEqual({ pages: 2, thumb: 'thumb.jpg' });
    expect(fs.existsSync(derived(app, rid, 'document.pdf'))).toBe(false);
  }, 90_000);

  it('fails a document LibreOffice cannot read, after the allowed attempts, with what went wrong', async () => {
    const broken = await addResource(app, {
      bytes: Buffer.from('PK\u0003\u0004 not really a zip, not a document'),
      ext: 'DOCX',
      kind: 'office',
    });
    const badPdf = await addResource(app, { bytes: Buffer.from('%PDF-1.4\nbroken'), ext: 'PDF', kind: 'pdf' });
    await enqueueConversion(app.ctx, broken.rid);
    await enqueueConversion(app.ctx, badPdf.rid);
    const [doc, pdf] = await Promise.all([
      waitForStatus(app, broken.rid, ['failed', 'ready'], 150_000),
      waitForStatus(app, badPdf.rid, ['failed', 'ready'], 60_000),
    ]);
    console.info(
      `[media-office] failure messages: ${JSON.stringify(doc.statusMessage)} / ${JSON.stringify(pdf.statusMessage)}`,
    );
    expect(doc.status).toBe('failed');
    expect(doc.statusMessage).toBe('LibreOffice made no PDF: Error: source file could not be loaded');
    expect(doc.job).toMatchObject({ state: 'failed', attempts: 3 });
    expect(pdf.status).toBe('failed');
    expect(pdf.statusMessage).toMatch(
      /^pdfinfo: Syntax Error: Couldn't find trailer dictionary\nSyntax Error: Couldn't read xref table$/,
    );
    expect((await conversionStatus(app.ctx, broken.rid))?.outputs).toEqual({});
  }, 180_000);
});
