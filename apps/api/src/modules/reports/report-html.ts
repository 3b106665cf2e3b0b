import Handlebars from 'handlebars';
import type { Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { FOOTER_TEMPLATE, HEADER_TEMPLATE, REPORT_CSS, REPORT_TEMPLATE } from './pdf-templates';
import {
  ALLOWED_LINK_SCHEMES,
  collapseWhitespace,
  createReportMarked,
  formatReportDate,
  inlineText,
  lexReport,
  severityOf,
  type CitationToken,
} from './report-markdown';
import { PRODUCT_NAME, REPORT_KIND_TITLES, type RenderableReport } from './report.types';

/** The printable HTML of a report plus Chromium's page header and footer templates. */
export interface ReportHtml {
  title: string;
  html: string;
  headerTemplate: string;
  footerTemplate: string;
}

interface TemplateContext {
  product: string;
  kindTitle: string;
  projectName: string;
  date: string;
  day: string;
  engine: string;
  documents: string[];
  manyDocuments: boolean;
  citationCount: number;
  css: string;
  body: string;
  appendix: { number: number; file: string; page: number; quote: string }[];
}

const handlebars = Handlebars.create();
const reportTemplate = handlebars.compile<TemplateContext>(REPORT_TEMPLATE, { strict: true });
const headerTemplate = handlebars.compile<TemplateContext>(HEADER_TEMPLATE, { strict: true });
const footerTemplate = handlebars.compile<TemplateContext>(FOOTER_TEMPLATE, { strict: true });

/** What may come out of the markdown: prose, lists, tables, quotes, links with safe schemes; no scripts, styles or media. */
const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'ul', 'ol', 'li', 'blockquote', 'strong', 'b', 'em', 'i', 'del', 'code', 'pre', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'a', 'sup', 'span', 'div'],
  allowedAttributes: { a: ['href', 'title'], ol: ['start'], th: ['align'], td: ['align'], span: ['class', 'id'], sup: ['class'], div: ['class'] },
  allowedClasses: { span: ['severity', 'severity-high', 'severity-medium', 'severity-low', 'source-label'], sup: ['cite'], div: ['sources-section'] },
  allowedSchemes: ALLOWED_LINK_SCHEMES,
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

/** Markdown to sanitised HTML: citation markers become links to their sources, severities become badges. */
export function renderMarkdownHtml(report: RenderableReport): { html: string; hasSources: boolean } {
  const state = { inSources: false, anchored: new Set<number>() };
  const renderCitation = (token: CitationToken): string => {
    if (state.inSources) {
      return token.numbers
        .map((n) => {
          const id = state.anchored.has(n) ? '' : ` id="source-${n}"`;
          state.anchored.add(n);
          return `<span class="source-label"${id}>[${n}]</span>`;
        })
        .join(' ');
    }
    return `<sup class="cite">[${token.numbers.map((n) => `<a href="#source-${n}">${n}</a>`).join(', ')}]</sup>`;
  };
  const marked = createReportMarked(report.citations.length, renderCitation);
  marked.use({
    renderer: {
      html: () => '',
      // An image would be fetched when the report is printed or opened: only its description is kept.
      image: (token: Tokens.Image) => escapeHtml(token.text),
      tablecell(token: Tokens.TableCell): string {
        const tag = token.header ? 'th' : 'td';
        const align = token.align ? ` align="${token.align}"` : '';
        let content = this.parser.parseInline(token.tokens);
        const severity = token.header ? null : severityOf(inlineText(token.tokens));
        if (severity) content = `<span class="severity severity-${severity}">${content}</span>`;
        return `<${tag}${align}>${content}</${tag}>\n`;
      },
    },
  });
  const { sections, hasSources } = lexReport(marked, report.markdown, REPORT_KIND_TITLES[report.kind]);
  const parts = sections.map((section) => {
    state.inSources = section.sources;
    const html = marked.parser(section.tokens);
    // The label has a fixed width, so the space written after it would only push the text out of line.
    return section.sources ? `<div class="sources-section">${html.replace(/(<span class="source-label"[^>]*>\[\d+\]<\/span>)\s+/g, '$1')}</div>` : html;
  });
  return { html: sanitizeHtml(parts.join('\n'), SANITIZE_OPTIONS), hasSources };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function buildReportHtml(report: RenderableReport): ReportHtml {
  const kindTitle = REPORT_KIND_TITLES[report.kind];
  const { html: body, hasSources } = renderMarkdownHtml(report);
  const context: TemplateContext = {
    product: PRODUCT_NAME,
    kindTitle,
    projectName: report.projectName,
    date: formatReportDate(report.generatedAt),
    day: report.generatedAt.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
    engine: report.engine,
    documents: report.documents,
    manyDocuments: report.documents.length > 6,
    citationCount: report.citations.length,
    css: REPORT_CSS,
    body,
    appendix: hasSources
      ? []
      : report.citations.map((c, i) => ({ number: i + 1, file: c.file, page: c.page, quote: collapseWhitespace(c.quote) })),
  };
  return {
    title: `${kindTitle}: ${report.projectName}`,
    html: reportTemplate(context),
    headerTemplate: headerTemplate(context),
    footerTemplate: footerTemplate(context),
  };
}
