import { readFileSync } from 'node:fs';
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { screenPath } from './web-server';

/** The browser globals used inside page.evaluate; the tests' tsconfig has no DOM library. */
interface PageElement {
  id: string;
  tagName: string;
}
interface PageGlobals {
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  axe: { run(context: unknown, options: RunOptions): Promise<AxeResults> };
  document: { fonts: { ready: Promise<unknown> }; activeElement: PageElement | null; querySelectorAll(selector: string): { length: number } };
}

/** The element that has the focus: its tag (BODY when none has) and id. */
export function focusedElement(page: Page): Promise<{ tag: string; id: string } | null> {
  return page.evaluate(() => {
    const active = (globalThis as unknown as PageGlobals).document.activeElement;
    return active === null ? null : { tag: active.tagName, id: active.id };
  });
}

/** How many elements of the page match `selector`. */
export function countMatching(page: Page, selector: string): Promise<number> {
  return page.evaluate((css) => (globalThis as unknown as PageGlobals).document.querySelectorAll(css).length, selector);
}

/** What a page's layout-shift observer needs of the browser's globals. */
interface ShiftGlobals {
  PerformanceObserver: new (callback: (list: { getEntries(): { value?: number }[] }) => void) => { observe(options: { type: string; buffered: boolean }): void };
  layoutShifts: number[];
}

/** Records every layout shift of each page of the context from its start; `layoutShifts` reads them. */
export async function recordLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const globals = globalThis as unknown as ShiftGlobals;
    globals.layoutShifts = [];
    new globals.PerformanceObserver((list) => {
      for (const entry of list.getEntries()) globals.layoutShifts.push(entry.value ?? NaN);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The size of each layout shift of the page so far (recorded by `recordLayoutShifts`). */
export function layoutShifts(page: Page): Promise<number[]> {
  return page.evaluate(() => (globalThis as unknown as ShiftGlobals).layoutShifts);
}

/** Puts the session token where the app keeps it before any page of the context loads. */
export async function storeTokenBeforeLoad(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript((value) => (globalThis as unknown as PageGlobals).localStorage.setItem('token', value), token);
}

export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => (globalThis as unknown as PageGlobals).localStorage.getItem('token'));
}

export async function storeToken(page: Page, token: string): Promise<void> {
  await page.evaluate((value) => (globalThis as unknown as PageGlobals).localStorage.setItem('token', value), token);
}

/** Full-page PNG in test-output/screens/{name}.png, once fonts and pending transitions have settled. */
export async function capture(page: Page, name: string): Promise<void> {
  await page.evaluate(async () => {
    await (globalThis as unknown as PageGlobals).document.fonts.ready;
  });
  await settleAnimations(page);
  await page.screenshot({ path: screenPath(name), fullPage: true });
}

let axeSource: string | null = null;

export interface AxeViolation {
  id: string;
  impact: ImpactValue | null | undefined;
  help: string;
  nodes: { target: string; summary: string }[];
}

const BLOCKING: readonly ImpactValue[] = ['serious', 'critical'];

/** Waits until every finite animation and transition (a dialog fading in) has finished; endless ones are left running. */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const doc = (globalThis as unknown as { document: { getAnimations(): { effect: { getComputedTiming(): { iterations?: number } } | null; finished: Promise<unknown> }[] } }).document;
    const finite = doc.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** Runs axe-core (WCAG 2.x A and AA rules and best practices) on the page as it is and returns the serious and critical findings. */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await settleAnimations(page);
  // Evaluated through the DevTools protocol: the app's policy refuses inline <script> tags, and must.
  await page.evaluate(axeSource);
  const options: RunOptions = { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } };
  const results = await page.evaluate((runOptions) => {
    const page = globalThis as unknown as PageGlobals;
    return page.axe.run(page.document, runOptions);
  }, options);
  return results.violations
    .filter((violation) => violation.impact !== undefined && violation.impact !== null && BLOCKING.includes(violation.impact))
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target.join(' '), summary: node.failureSummary ?? '' })),
    }));
}

export function describeViolations(screen: string, violations: AxeViolation[]): string {
  return violations
    .map((violation) => `${screen}: [${violation.impact}] ${violation.id}: ${violation.help}\n${violation.nodes.map((node) => `    ${node.target}\n      ${node.summary.replace(/\n/g, '\n      ')}`).join('\n')}`)
    .join('\n');
}
