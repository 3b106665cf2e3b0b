import { Injectable } from '@nestjs/common';
import { cite, CollapsedText, normalizeWhitespace, PageMap, verifyQuote } from '@casewise/legal';
import { Citation } from './llm.types';

/** A citation whose quote was found in the document's canonical text at [start, end). */
export interface CheckedCitation extends Citation {
  /** True when the offsets given were wrong and the quote was found elsewhere in the document. */
  relocated: boolean;
}

export interface InvalidCitation {
  citation: Citation;
  reason: string;
}

export interface CitationCheck {
  valid: CheckedCitation[];
  invalid: InvalidCitation[];
}

export interface CitationCheckOptions {
  /**
   * Each document's page map, so a citation names the page its quote is really on: a passage is named by its
   * first page, and a quote from further into a passage that runs over a page break is on a later one.
   */
  pagesOf?: (documentId: string) => PageMap | undefined;
}

const NO_PAGES = new PageMap([]);

/** Said under an answer or a report when quoted passages the model gave were not found and were removed. */
export function unsupportedNote(removed: number): string {
  return `Note: ${removed} quoted passage(s) could not be found in the documents and were removed; statements that relied on them are unsupported.`;
}

/**
 * Checks that every cited quote is really in the cited document, at the cited offsets or nearby. A kept
 * citation's quote is the document's text at its offsets, so whitespace the model changed is shown as stored.
 */
@Injectable()
export class CitationChecker {
  check(citations: Citation[], textOf: (documentId: string) => string | undefined, options: CitationCheckOptions = {}): CitationCheck {
    const valid: CheckedCitation[] = [];
    const invalid: InvalidCitation[] = [];
    const collapsed = new Map<string, CollapsedText>();
    for (const citation of citations) {
      const text = textOf(citation.documentId);
      if (text === undefined) {
        invalid.push({ citation, reason: 'The cited document is not available.' });
        continue;
      }
      const quote = normalizeWhitespace(citation.quote);
      if (quote === '') {
        invalid.push({ citation, reason: 'The citation has no quoted text.' });
        continue;
      }
      const whole = (): CollapsedText => {
        let view = collapsed.get(citation.documentId);
        // Stryker disable next-line all: a cache of each document's collapsed view; without it locateQuote builds its own.
        if (!view) {
          view = new CollapsedText(text);
          collapsed.set(citation.documentId, view);
        }
        return view;
      };
      const found = verifyQuote(text, quote, citation, whole);
      if (!found) {
        invalid.push({ citation, reason: 'The quoted text does not occur in the document.' });
        continue;
      }
      const pages = options.pagesOf?.(citation.documentId) ?? NO_PAGES;
      const document = { id: citation.documentId, file: citation.file, text, textStart: 0, pages };
      const checked = cite(document, found.start, found.end, pages.pageHolding(found.start) ?? citation.page);
      valid.push({ ...citation, ...checked, relocated: found.relocated });
    }
    return { valid, invalid };
  }
}
