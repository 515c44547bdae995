/**
 * Accessibility scans for the browser tests: axe-core (through @axe-core/playwright) on a settled page,
 * keeping the serious and critical violations, and a tally of them per rule written to
 * /tmp/lanxue-a11y/<name>.json so a run can be compared with an earlier one.
 */
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export const A11Y_DIR = '/tmp/lanxue-a11y';

export interface Finding {
  rule: string;
  impact: string;
  help: string;
  /** The offending elements (CSS selectors), at most a few per rule. */
  targets: string[];
  nodes: number;
  /** Each element with what axe measured (colours and ratio for contrast), for the tally. */
  details: string[];
}

const SERIOUS = new Set(['serious', 'critical']);

/**
 * Frames in a row without a DOM change, no busy region and no finite animation that count as settled: the page's
 * data calls on loopback answer and render well within them.
 */
const STILL_FRAMES = 10;

/**
 * Waits until the page has settled, within a deadline: loaded, no Suspense fallback or busy region, no finite
 * animation running (a fading element would be measured at half its contrast), and the DOM unchanged over
 * STILL_FRAMES frames in a row (a MutationObserver's count, read on each animation frame).
 */
export async function settle(page: Page, deadline = 8000): Promise<void> {
  await page.waitForLoadState('load');
  await page
    .waitForFunction(
      ({ token, frames }) => {
        type Watch = { token: string; count: number; seen: number; still: number };
        const w = window as Window & { lxSettle?: Watch };
        if (!w.lxSettle) {
          const watch: Watch = { token: '', count: 0, seen: -1, still: 0 };
          new MutationObserver((records) => {
            watch.count += records.length;
          }).observe(document.documentElement, {
            subtree: true,
            childList: true,
            attributes: true,
            characterData: true,
          });
          w.lxSettle = watch;
        }
        const watch = w.lxSettle;
        if (watch.token !== token) Object.assign(watch, { token, seen: -1, still: 0 });
        const busy =
          document.querySelector('.loading, [aria-busy="true"]') ||
          document
            .getAnimations()
            .some(
              (animation) =>
                animation.playState === 'running' &&
                animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
            );
        if (busy || watch.count !== watch.seen) {
          watch.seen = watch.count;
          watch.still = 0;
          return false;
        }
        watch.still += 1;
        return watch.still >= frames;
      },
      { token: `${Date.now()}-${Math.random()}`, frames: STILL_FRAMES },
      { timeout: deadline, polling: 'raf' },
    )
    .catch(() => undefined);
}

/** Runs axe over the page (every rule but the experimental ones) and keeps the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<Finding[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => SERIOUS.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.slice(0, 4).map((node) => node.target.join(' ')),
      nodes: violation.nodes.length,
      details: violation.nodes.map((node) => {
        const data = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
        const measured = data?.fgColor ? ` ${data.fgColor} on ${data.bgColor} ${data.contrastRatio}` : '';
        return `${node.target.join(' ')}${measured}`;
      }),
    }));
}

/** One line per violation, for a failing assertion's message. */
export function describeFindings(findings: Finding[]): string[] {
  return findings.map(
    (finding) =>
      `${finding.impact} ${finding.rule} (${finding.nodes}): ${finding.help} — ${finding.targets.join(' | ')}`,
  );
}

/** Counts per rule (pages and elements) over a run, written to A11Y_DIR/<name>.json when the run ends. */
export class Tally {
  private readonly rules = new Map<string, { impact: string; pages: string[]; nodes: number; details: Set<string> }>();
  private scanned = 0;

  constructor(private readonly name: string) {}

  add(where: string, findings: Finding[]): void {
    this.scanned += 1;
    for (const finding of findings) {
      const entry = this.rules.get(finding.rule) ?? {
        impact: finding.impact,
        pages: [],
        nodes: 0,
        details: new Set<string>(),
      };
      entry.pages.push(where);
      entry.nodes += finding.nodes;
      for (const detail of finding.details) entry.details.add(detail);
      this.rules.set(finding.rule, entry);
    }
  }

  write(): void {
    fs.mkdirSync(A11Y_DIR, { recursive: true });
    const rules = Object.fromEntries(
      [...this.rules]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([rule, entry]) => [rule, { ...entry, details: [...entry.details].sort() }]),
    );
    fs.writeFileSync(
      path.join(A11Y_DIR, `${this.name}.json`),
      `${JSON.stringify({ scanned: this.scanned, rules }, null, 2)}\n`,
    );
  }
}
