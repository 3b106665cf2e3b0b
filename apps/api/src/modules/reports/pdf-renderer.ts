import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { AppError } from '@api/modules/common/app-error';
import { within } from '@api/modules/common/within';
import { ConfigService } from '@api/modules/config/config.service';
import { locateChromium } from './chromium-locator';
import { buildReportHtml, type ReportHtml } from './report-html';
import type { RenderableReport } from './report.types';

export const CHROMIUM_NOT_FOUND_MESSAGE =
  'PDF rendering is unavailable: Chromium was not found. Install Chromium or set CHROMIUM_PATH to its executable.';
export const CHROMIUM_NOT_STARTED_MESSAGE =
  'PDF rendering is unavailable: Chromium could not be started. Check that CHROMIUM_PATH (or the chromium on PATH) is a working Chromium.';

/** PDF output cannot be produced on this server right now; the client may retry later. */
export class PdfRenderingUnavailableError extends AppError {
  constructor(message: string = CHROMIUM_NOT_FOUND_MESSAGE) {
    super(503, message);
  }
}

const LAUNCH_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
// Each render holds one open page of a few tens of MB; beyond this many they queue.
const MAX_CONCURRENT_RENDERS = 4;
const PAGE_MARGIN = { top: '22mm', bottom: '20mm', left: '18mm', right: '18mm' };
// A print takes a second or two; one that has not finished by then waits on a Chromium that went away without saying so.
const RENDER_TIMEOUT_MS = 12_000;
export const RENDER_TIMED_OUT_MESSAGE = 'PDF rendering is unavailable right now: Chromium did not finish the document. Please try again.';

class RenderTimeoutError extends Error {}

interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  idle: Page[];
}

/**
 * Prints reports to PDF with a headless Chromium that is started on first use and kept warm, with a small
 * pool of open pages in one script-less, offline context: a render replaces a page's whole document, and
 * opening a page costs more than printing a 20-page report.
 */
@Injectable()
export class PdfRenderer implements OnModuleDestroy {
  private readonly logger = new Logger(PdfRenderer.name);
  private session: Promise<BrowserSession> | null = null;
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  /** How long one try of a print may take before Chromium is started again (tests shorten it). */
  renderTimeoutMs = RENDER_TIMEOUT_MS;

  constructor(private readonly config: ConfigService) {}

  /** The HTML that is printed, with Chromium's page header and footer templates. */
  renderHtml(report: RenderableReport): ReportHtml {
    return buildReportHtml(report);
  }

  async render(report: RenderableReport): Promise<Buffer> {
    return this.printHtml(buildReportHtml(report));
  }

  /** Prints prepared HTML; whatever it asks for (images, styles, frames), nothing is fetched. */
  async printHtml(document: ReportHtml): Promise<Buffer> {
    await this.acquireSlot();
    try {
      const session = await this.getSession();
      try {
        return await this.printWithin(session, document);
      } catch (error) {
        const timedOut = error instanceof RenderTimeoutError;
        if (!timedOut && session.browser.isConnected()) throw error;
        this.logger.warn(timedOut ? `A render did not finish within ${this.renderTimeoutMs} ms; starting Chromium again.` : 'Chromium went away during a render; starting it again.');
        if (timedOut) await this.discard(session);
        try {
          return await this.printWithin(await this.getSession(), document);
        } catch (retryError) {
          throw retryError instanceof RenderTimeoutError ? new PdfRenderingUnavailableError(RENDER_TIMED_OUT_MESSAGE) : retryError;
        }
      }
    } finally {
      this.releaseSlot();
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.close();
  }

  async close(): Promise<void> {
    const pending = this.session;
    this.session = null;
    if (pending === null) return;
    const session = await pending.catch(() => null);
    await session?.browser.close().catch((error: unknown) => this.logger.warn(`Closing Chromium failed: ${String(error)}`));
  }

  /** One try of a print, given up after renderTimeoutMs: a Chromium killed at the wrong moment can leave a call unanswered. */
  private printWithin(session: BrowserSession, document: ReportHtml): Promise<Buffer> {
    return within(this.print(session, document), this.renderTimeoutMs, () => new RenderTimeoutError());
  }

  /** Forgets a session that stopped answering and closes its browser; renders still on it fail and are tried again. */
  private async discard(session: BrowserSession): Promise<void> {
    if (this.session !== null && (await this.session.catch(() => null)) === session) this.session = null;
    await session.browser.close().catch(() => undefined);
  }

  private async print(session: BrowserSession, document: ReportHtml): Promise<Buffer> {
    let page = session.idle.pop();
    while (page?.isClosed()) page = session.idle.pop();
    page ??= await session.context.newPage();
    let reusable = false;
    try {
      await page.setContent(document.html, { waitUntil: 'load' });
      const pdf = await page.pdf({
        format: 'A4',
        printBackground: true,
        displayHeaderFooter: true,
        headerTemplate: document.headerTemplate,
        footerTemplate: document.footerTemplate,
        margin: PAGE_MARGIN,
        outline: true,
        tagged: true,
      });
      reusable = true;
      return pdf;
    } finally {
      // A page that failed mid-render is not trusted again.
      if (reusable && session.idle.length < MAX_CONCURRENT_RENDERS) session.idle.push(page);
      else await page.close().catch(() => undefined);
    }
  }

  private async getSession(): Promise<BrowserSession> {
    const pending = this.session;
    if (pending !== null) {
      const session = await pending;
      if (session.browser.isConnected()) return session;
      if (this.session === pending) this.session = null;
    }
    this.session ??= this.launch();
    return this.session;
  }

  private launch(): Promise<BrowserSession> {
    const launching: Promise<BrowserSession> = (async () => {
      const executablePath = await locateChromium(this.config.pdf.chromiumPath);
      if (executablePath === null) {
        this.logger.error(
          this.config.pdf.chromiumPath === null
            ? 'No chromium, chromium-browser or google-chrome on PATH.'
            : `CHROMIUM_PATH ${this.config.pdf.chromiumPath} is not an executable file.`,
        );
        throw new PdfRenderingUnavailableError(CHROMIUM_NOT_FOUND_MESSAGE);
      }
      let browser: Browser;
      try {
        browser = await chromium.launch({ executablePath, args: LAUNCH_ARGS, headless: true, timeout: 60_000 });
      } catch (error) {
        this.logger.error(`Starting Chromium at ${executablePath} failed: ${error instanceof Error ? error.message : String(error)}`);
        throw new PdfRenderingUnavailableError(CHROMIUM_NOT_STARTED_MESSAGE);
      }
      browser.on('disconnected', () => {
        if (this.session === launching) this.session = null;
      });
      const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
      // A second lock beside the offline emulation: every request the page would make is refused.
      await context.route('**/*', (route) => route.abort('blockedbyclient'));
      this.logger.log(`Chromium ${browser.version()} started for PDF rendering.`);
      return { browser, context, idle: [] };
    })();
    // A failed start is not remembered: the next render tries again, e.g. after Chromium was installed.
    launching.catch(() => {
      if (this.session === launching) this.session = null;
    });
    return launching;
  }

  private async acquireSlot(): Promise<void> {
    if (this.active < MAX_CONCURRENT_RENDERS) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private releaseSlot(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }
}
