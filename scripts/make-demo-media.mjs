#!/usr/bin/env node
/**
 * Makes the demo school's media (issue 18 'A first start that shows the product') into server/demo/media/,
 * where they are committed: a development start imports them into the demo library the way an upload
 * arrives (server/demo/media.ts), so a first start never downloads anything. Run it again only to change
 * them: `node scripts/make-demo-media.mjs` (needs ffmpeg, LibreOffice and sharp; about 20 s).
 *
 * lesson.mp4   12 s, 640x360, H.264 + AAC (a test pattern and a tone)
 * lesson.vtt   its Chinese subtitles
 * welcome.mp3  8 s of tones
 * guide.pdf    3 pages (LibreOffice from HTML)
 * cases.docx   a short Word document (LibreOffice from HTML)
 * slides.pptx  3 slides (LibreOffice from a flat ODF presentation)
 * figure-1.png, figure-2.png, photo.jpg  pictures for the image-text chapters (sharp from SVG)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'server', 'demo', 'media');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lanxue-demo-media-'));
fs.mkdirSync(out, { recursive: true });

const ffmpeg = (args) => execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args]);

function video() {
  ffmpeg([
    ...['-f', 'lavfi', '-i', 'testsrc2=duration=12:size=640x360:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=12:beep_factor=4'],
    ...['-shortest', '-c:v', 'libx264', '-preset', 'veryslow', '-crf', '34', '-pix_fmt', 'yuv420p', '-g', '50'],
    ...['-c:a', 'aac', '-b:a', '48k', '-ac', '1', '-movflags', '+faststart'],
    path.join(out, 'lesson.mp4'),
  ]);
}

function subtitles() {
  const cues = [
    ['00:00.000', '00:04.000', '欢迎来到蓝学演示课程。'],
    ['00:04.000', '00:08.000', '每一种章节都可以在这里学习。'],
    ['00:08.000', '00:12.000', '看完视频，试试课后练习吧。'],
  ];
  const body = cues.map(([from, to, text], i) => `${i + 1}\n${from} --> ${to}\n${text}\n`).join('\n');
  fs.writeFileSync(path.join(out, 'lesson.vtt'), `WEBVTT\n\n${body}`);
}

function audio() {
  ffmpeg([
    ...['-f', 'lavfi', '-i', 'sine=frequency=523:duration=8', '-f', 'lavfi', '-i', 'sine=frequency=659:duration=8'],
    ...['-filter_complex', 'amix=inputs=2,volume=0.6', '-ac', '1', '-c:a', 'libmp3lame', '-b:a', '48k'],
    path.join(out, 'welcome.mp3'),
  ]);
}

/** LibreOffice converts a source written here, with its own profile (one per run). */
function soffice(source, to, name) {
  execFileSync(
    'soffice',
    [
      `-env:UserInstallation=file://${work}/lo`,
      '--headless',
      '--norestore',
      '--convert-to',
      to,
      '--outdir',
      work,
      source,
    ],
    { stdio: 'pipe', timeout: 120_000 },
  );
  const made = path.join(work, `${path.basename(source, path.extname(source))}.${to.split(':')[0]}`);
  fs.copyFileSync(made, path.join(out, name));
}

const html = (title, body) =>
  `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

function guide() {
  const pages = [
    [
      '学习指南',
      '<p>欢迎使用蓝学。本指南介绍如何按章节学习、做练习和参加考试。</p><ul><li>视频与音频</li><li>文档与幻灯片</li><li>练习与考试</li></ul>',
    ],
    ['如何学习', '<p>进入课程后，从左侧目录选择章节。平台会记住你的学习进度，下次从上次的位置继续。</p>'],
    ['练习与考试', '<p>每章结束有课后练习；学完全部章节后参加结业考试，合格后可以签名确认。</p>'],
  ];
  const body = pages
    .map(
      ([h, p], i) => `<h1${i ? ' style="page-break-before: always"' : ''}>${h}</h1>${p}<p>第 ${i + 1} 页 / 共 3 页</p>`,
    )
    .join('');
  const file = path.join(work, 'guide.html');
  fs.writeFileSync(file, html('学习指南', body));
  soffice(file, 'pdf:writer_pdf_Export', 'guide.pdf');
}

function cases() {
  const rows = [
    ['一月', '120', '96'],
    ['二月', '135', '110'],
    ['三月', '150', '128'],
  ]
    .map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`)
    .join('');
  const body =
    '<h1>案例数据</h1><p>下表是某部门一季度的培训数据。</p>' +
    `<table border="1"><tr><th>月份</th><th>报名人数</th><th>完成人数</th></tr>${rows}</table>` +
    '<h2>思考</h2><p>完成率是如何变化的？可以用透视表来分析。</p>';
  const file = path.join(work, 'cases.html');
  fs.writeFileSync(file, html('案例数据', body));
  soffice(file, 'docx:MS Word 2007 XML', 'cases.docx');
}

function slides() {
  const titles = [
    ['课堂讲义', '蓝学演示课程'],
    ['本节要点', '按章节学习 · 随时继续'],
    ['小结', '学完去做课后练习'],
  ];
  const frame = (y, h, size, text) =>
    `<draw:frame draw:style-name="plain" svg:x="2cm" svg:y="${y}cm" svg:width="24cm" svg:height="${h}cm"><draw:text-box>` +
    `<text:p><text:span text:style-name="s${size}">${text}</text:span></text:p></draw:text-box></draw:frame>`;
  const band = '<draw:rect draw:style-name="band" svg:x="0cm" svg:y="0cm" svg:width="28cm" svg:height="1.6cm"/>';
  const pages = titles
    .map(
      ([title, line], i) =>
        `<draw:page draw:name="p${i + 1}">${band}${frame(4, 4, 40, title)}${frame(10, 3, 24, line)}</draw:page>`,
    )
    .join('');
  const ns =
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ' +
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" ' +
    'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" ' +
    'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" ' +
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" ' +
    'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" ' +
    'xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"';
  const style = (size) =>
    `<style:style style:name="s${size}" style:family="text"><style:text-properties fo:font-size="${size}pt" fo:color="#1f4fd1"/></style:style>`;
  const file = path.join(work, 'slides.fodp');
  fs.writeFileSync(
    file,
    `<?xml version="1.0" encoding="UTF-8"?><office:document ${ns} office:version="1.2" ` +
      'office:mimetype="application/vnd.oasis.opendocument.presentation">' +
      `<office:automatic-styles>${style(40)}${style(24)}` +
      '<style:style style:name="plain" style:family="graphic"><style:graphic-properties draw:fill="none" draw:stroke="none"/></style:style>' +
      '<style:style style:name="band" style:family="graphic"><style:graphic-properties draw:fill="solid" draw:fill-color="#3a6df0" draw:stroke="none"/></style:style>' +
      '</office:automatic-styles>' +
      `<office:body><office:presentation>${pages}</office:presentation></office:body></office:document>`,
  );
  soffice(file, 'pptx', 'slides.pptx');
}

async function pictures() {
  const svg = (from, to, text) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
        `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
        '<rect width="100%" height="100%" fill="url(#g)"/><circle cx="520" cy="80" r="150" fill="#fff" fill-opacity=".15"/>' +
        `<text x="48" y="200" font-family="Noto Sans CJK SC, sans-serif" font-size="48" font-weight="700" fill="#fff">${text}</text></svg>`,
    );
  await sharp(svg('#3a6df0', '#6aa0ff', '先听后说'))
    .png({ palette: true })
    .toFile(path.join(out, 'figure-1.png'));
  await sharp(svg('#14a085', '#48c9b0', '结论先行'))
    .png({ palette: true })
    .toFile(path.join(out, 'figure-2.png'));
  await sharp(svg('#f08a5d', '#f7b267', '学习现场'))
    .jpeg({ quality: 70 })
    .toFile(path.join(out, 'photo.jpg'));
}

const started = Date.now();
try {
  video();
  subtitles();
  audio();
  guide();
  cases();
  slides();
  await pictures();
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
let total = 0;
for (const name of fs.readdirSync(out).sort()) {
  const { size } = fs.statSync(path.join(out, name));
  total += size;
  console.log(`${name.padEnd(14)} ${String(size).padStart(8)} bytes`);
}
console.log(`total ${total} bytes in ${Date.now() - started} ms`);
