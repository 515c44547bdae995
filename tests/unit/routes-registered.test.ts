/**
 * Issue 18: "a route either works or does not exist". Every hash path of web/paths.ts is registered in
 * web/routes.tsx with a screen, every screen routes.tsx loads is a real page, and no placeholder page is left
 * (PendingPage and its 'content arrives' text are gone from the web, the server's pages and the dictionaries).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_ROUTES, ROUTES } from '../../web/paths';
import { enGb } from '../../shared/i18n/en-gb';
import { zhCN } from '../../shared/i18n/zh-CN';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const routes = read('web/routes.tsx');

/** Every source file under a folder (ts and tsx). */
function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The page modules routes.tsx loads lazily, e.g. ./pages/studyplan. */
const lazyPages = [...routes.matchAll(/import\('(\.\/pages\/[^']+)'\)/g)].map((match) => match[1]!);

function moduleFile(specifier: string): string {
  const base = path.join('web', specifier);
  const found = [`${base}.tsx`, `${base}.ts`, `${base}/index.tsx`, `${base}/index.ts`].find((file) =>
    fs.existsSync(path.join(ROOT, file)),
  );
  if (!found) throw new Error(`routes.tsx loads ${specifier}, which does not exist`);
  return found;
}

describe('routes', () => {
  it.each(Object.keys(ROUTES).filter((key) => key !== 'home'))('ROUTES.%s is registered in routes.tsx', (key) => {
    expect(routes).toMatch(new RegExp(`path: ROUTES\\.${key}\\b`));
  });

  it("ROUTES.home ('/') is the root shell's index screen", () => {
    expect(ROUTES.home).toBe('/');
    expect(routes).toContain("{ path: '/', element: <RootShell />");
    expect(routes).toContain('index: true');
  });

  it('paths.ts has no block of paths waiting for their screens', () => {
    expect(read('web/paths.ts')).not.toMatch(/not registered/i);
  });

  it('every dashboard path is registered on the dashboard page', () => {
    expect(routes).toContain('Object.values(DASHBOARD_ROUTES)');
    expect(Object.values(DASHBOARD_ROUTES)).toEqual(expect.arrayContaining(['/controller/myplan']));
    expect(Object.values(DASHBOARD_ROUTES)).toContain('/controller/studyplandetailstu');
  });

  it('every screen routes.tsx loads is a page module with a default export, none a placeholder', () => {
    expect(lazyPages.length).toBeGreaterThan(20);
    for (const specifier of lazyPages) {
      const text = read(moduleFile(specifier));
      expect(text, specifier).toMatch(/export default function/);
      expect(text, specifier).not.toMatch(/PendingPage/);
    }
  });

  it('no placeholder page is left in the web or the server pages', () => {
    expect(fs.existsSync(path.join(ROOT, 'web/components/PendingPage.tsx'))).toBe(false);
    for (const file of [...sources('web'), ...sources('server/modules/pages')]) {
      const text = read(file);
      expect(text, file).not.toMatch(/PendingPage|page\.pending|content arrives/);
    }
    expect(Object.keys(enGb)).not.toContain('page.pending');
    expect(Object.keys(zhCN)).not.toContain('page.pending');
  });
});
