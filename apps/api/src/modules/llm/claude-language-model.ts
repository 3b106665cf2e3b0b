import { Injectable, Logger } from '@nestjs/common';
import type { ContentBlock, DocumentBlockParam, TextCitation } from '@anthropic-ai/sdk/resources/messages';
import { cite, citableDocument, locateQuote, normalizeWhitespace } from '@casewise/legal';
import { ClaudeClient } from './claude.client';
import { AnswerDraft, Citation, Passage, ReportDraft, ReportKind, SourceDocument, TokenUsage } from './llm.types';
import { ABSTAIN_SENTENCE, ANSWER_SYSTEM_PROMPT } from './prompts/answer.prompt';
import { CASE_SUMMARY_EXTRACTION_PROMPT, CASE_SUMMARY_REPORT_PROMPT } from './prompts/case-summary.prompt';
import { LIABILITY_EXTRACTION_PROMPT, LIABILITY_REPORT_PROMPT, SEVERITIES } from './prompts/liability-analysis.prompt';
import {
  CaseSummaryFinding,
  Extraction,
  finalizeReport,
  parseJsonObject,
  readCaseSummaryExtraction,
  readLiabilityExtraction,
  RiskFinding,
  splitIntoSections,
  TextSection,
} from './report-assembly';

/** About 15,000 tokens of contract text per extraction call. */
export const SECTION_BUDGET_CHARS = 60_000;
const EXTRACTION_CONCURRENCY = 3;
const ANSWER_MAX_TOKENS = 2048;
const EXTRACTION_MAX_TOKENS = 4096;
const REPORT_MAX_TOKENS = 12_000;
/** Keeps the reduce call's input bounded however many documents a project holds. */
const MAX_FINDINGS_IN_REPORT = 400;

const TITLES: Record<ReportKind, string> = { 'case-summary': 'Case Summary', 'liability-analysis': 'Liability Analysis' };

interface KindSpec<F extends { quote: string }> {
  extractionPrompt: string;
  reportPrompt: string;
  read(value: Record<string, unknown> | null): Extraction<F>;
  rank(findings: F[]): F[];
}

const CASE_SUMMARY: KindSpec<CaseSummaryFinding> = {
  extractionPrompt: CASE_SUMMARY_EXTRACTION_PROMPT,
  reportPrompt: CASE_SUMMARY_REPORT_PROMPT,
  read: readCaseSummaryExtraction,
  rank: (findings) => findings,
};

const LIABILITY: KindSpec<RiskFinding> = {
  extractionPrompt: LIABILITY_EXTRACTION_PROMPT,
  reportPrompt: LIABILITY_REPORT_PROMPT,
  read: readLiabilityExtraction,
  rank: (findings) => [...findings].sort((a, b) => SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity)),
};

interface DocumentFindings<F> {
  doc: SourceDocument;
  documentType: string;
  findings: { finding: F; source: number }[];
  gaps: string[];
}

function addUsage(total: TokenUsage, usage: TokenUsage): TokenUsage {
  return { inputTokens: total.inputTokens + usage.inputTokens, outputTokens: total.outputTokens + usage.outputTokens };
}

function textDocument(data: string, title: string, citations: boolean): DocumentBlockParam {
  return { type: 'document', source: { type: 'text', media_type: 'text/plain', data }, title, citations: { enabled: citations } };
}

function replyText(content: ContentBlock[]): string {
  return content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

async function mapLimit<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Answers and reports written by Claude. Passages and documents travel only as document blocks, never
 * inside the instructions; every citation returned points at absolute offsets of the canonical text.
 */
@Injectable()
export class ClaudeLanguageModel {
  private readonly logger = new Logger(ClaudeLanguageModel.name);

  constructor(private readonly claude: ClaudeClient) {}

  get engine(): string {
    return this.claude.model;
  }

  /**
   * The answer with the citations Claude made, mapped to absolute offsets. They are not yet checked:
   * run them through CitationChecker against the stored canonical text before showing them.
   */
  async answer(question: string, passages: Passage[]): Promise<AnswerDraft> {
    const { message, usage } = await this.claude.createMessage({
      system: ANSWER_SYSTEM_PROMPT,
      maxTokens: ANSWER_MAX_TOKENS,
      messages: [
        {
          role: 'user',
          content: [
            ...passages.map((passage) => textDocument(passage.text, `${passage.file}, page ${passage.page}`, true)),
            { type: 'text', text: `Question: ${question}` },
          ],
        },
      ],
    });
    const text = replyText(message.content).trim();
    const citations = this.citationsOf(message.content, passages);
    const abstained = citations.length === 0 || normalizeWhitespace(text).toLowerCase().includes(ABSTAIN_SENTENCE.toLowerCase().replace(/\.$/, ''));
    return {
      answer: citations.length === 0 ? ABSTAIN_SENTENCE : text,
      citations,
      abstained,
      engine: this.engine,
      usage,
    };
  }

  async generateReport(kind: ReportKind, docs: SourceDocument[], projectName: string): Promise<ReportDraft> {
    switch (kind) {
      case 'case-summary':
        return this.report(kind, CASE_SUMMARY, docs, projectName);
      case 'liability-analysis':
        return this.report(kind, LIABILITY, docs, projectName);
    }
  }

  private citationsOf(content: ContentBlock[], passages: Passage[]): Citation[] {
    const seen = new Set<string>();
    const citations: Citation[] = [];
    for (const block of content) {
      if (block.type !== 'text') continue;
      for (const cited of block.citations ?? []) {
        const citation = this.fromCharLocation(cited, passages);
        if (!citation) continue;
        // The quote is part of the key: a forged quote at a real quote's offsets must not hide it before checking.
        const key = JSON.stringify([citation.documentId, citation.start, citation.end, citation.quote]);
        if (seen.has(key)) continue;
        seen.add(key);
        citations.push(citation);
      }
    }
    return citations;
  }

  private fromCharLocation(cited: TextCitation, passages: Passage[]): Citation | null {
    if (cited.type !== 'char_location') return null;
    const passage = passages[cited.document_index];
    if (!passage) {
      // Kept as a citation of no document: the checker refuses it, so the answer's note counts it.
      this.logger.warn(`Claude cited document ${cited.document_index}, which was not sent`);
      return { documentId: '', file: '', page: 0, start: cited.start_char_index, end: cited.end_char_index, quote: cited.cited_text };
    }
    return {
      documentId: passage.documentId,
      file: passage.file,
      page: passage.page,
      start: passage.start + cited.start_char_index,
      end: passage.start + cited.end_char_index,
      quote: cited.cited_text,
    };
  }

  private async report<F extends { quote: string }>(
    kind: ReportKind,
    spec: KindSpec<F>,
    docs: SourceDocument[],
    projectName: string,
  ): Promise<ReportDraft> {
    const title = TITLES[kind];
    let usage: TokenUsage = { inputTokens: 0, outputTokens: 0 };
    if (docs.length === 0) {
      return { kind, ...finalizeReport(`# ${title}\n\nThe project has no ready documents to analyse.`, title, []), engine: this.engine, usage };
    }

    const tasks = docs.flatMap((doc) => splitIntoSections(doc.text, SECTION_BUDGET_CHARS).map((section) => ({ doc, section })));
    const extractions = await mapLimit(tasks, EXTRACTION_CONCURRENCY, async ({ doc, section }) => {
      const result = await this.extract(spec, doc, section);
      usage = addUsage(usage, result.usage);
      return { doc, section, extraction: result.extraction };
    });

    const sources: Citation[] = [];
    const sourceKeys = new Map<string, number>();
    const perDocumentCap = Math.max(8, Math.floor(MAX_FINDINGS_IN_REPORT / docs.length));
    let dropped = 0;
    const byDocument: DocumentFindings<F>[] = docs.map((doc) => {
      const parts = extractions.filter((entry) => entry.doc === doc);
      const located = parts.flatMap(({ section, extraction }) =>
        extraction.findings.flatMap((finding) => {
          const span = locateQuote(doc.text, finding.quote, { start: section.start, end: section.end });
          if (!span) {
            dropped++;
            return [];
          }
          return [{ finding, span }];
        }),
      );
      const ranked = spec.rank(located.map((entry) => entry.finding));
      const document = citableDocument(doc);
      const kept = ranked.slice(0, perDocumentCap).map((finding) => {
        const { span } = located.find((entry) => entry.finding === finding) as (typeof located)[number];
        const key = `${span.start}:${span.end}`;
        let source = sourceKeys.get(`${doc.id}:${key}`);
        if (source === undefined) {
          sources.push(cite(document, span.start, span.end));
          source = sources.length;
          sourceKeys.set(`${doc.id}:${key}`, source);
        }
        return { finding, source };
      });
      return {
        doc,
        documentType: parts.map((part) => part.extraction.documentType).find((type) => type !== '') ?? '',
        findings: kept,
        gaps: [...new Set(parts.flatMap((part) => part.extraction.gaps))],
      };
    });
    if (dropped > 0) this.logger.warn(`${title}: ${dropped} extracted quote(s) not found in their documents were dropped`);

    const findingsDocument = JSON.stringify(
      {
        project: projectName,
        documents: byDocument.map((entry) => ({
          file: entry.doc.file,
          document_type: entry.documentType,
          findings: entry.findings.map(({ finding, source }) => ({ source, ...finding, quote: normalizeWhitespace(finding.quote) })),
          ...(kind === 'liability-analysis' ? { gaps: entry.gaps } : {}),
        })),
      },
      null,
      1,
    );
    const reply = await this.claude.createMessage({
      system: spec.reportPrompt,
      maxTokens: REPORT_MAX_TOKENS,
      messages: [
        {
          role: 'user',
          content: [
            textDocument(findingsDocument, 'Extracted findings', false),
            { type: 'text', text: `Write the ${title} for the project named in the findings document above, following the structure you were given.` },
          ],
        },
      ],
    });
    usage = addUsage(usage, reply.usage);
    if (reply.message.stop_reason === 'max_tokens') this.logger.warn(`${title}: the report reached the output limit and may be cut short`);
    const final = finalizeReport(replyText(reply.message.content), title, sources, dropped);
    return { kind, markdown: final.markdown, citations: final.citations, engine: this.engine, usage };
  }

  private async extract<F extends { quote: string }>(
    spec: KindSpec<F>,
    doc: SourceDocument,
    section: TextSection,
  ): Promise<{ extraction: Extraction<F>; usage: TokenUsage }> {
    const title = section.parts > 1 ? `${doc.file} (part ${section.part} of ${section.parts})` : doc.file;
    const { message, usage } = await this.claude.createMessage({
      system: spec.extractionPrompt,
      maxTokens: EXTRACTION_MAX_TOKENS,
      messages: [
        {
          role: 'user',
          content: [
            textDocument(section.text, title, false),
            { type: 'text', text: 'Extract the findings from the document above. Reply with the JSON object only.' },
          ],
        },
      ],
    });
    const parsed = parseJsonObject(replyText(message.content));
    if (!parsed) this.logger.warn(`Extraction for ${title} did not return JSON; no findings taken from it`);
    return { extraction: spec.read(parsed), usage };
  }
}
