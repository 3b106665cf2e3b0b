import { Injectable } from '@nestjs/common';
import { BoundedLru, broadIntent, detectBoilerplate, namesClause, OPENING_CHARS, searchQuery, PageMap, wantsDocumentOpening, type PageSpan, type TextSpan } from '@casewise/legal';
import type { AuthUser } from '@api/modules/auth/auth.types';
import { BadRequestError } from '@api/modules/common/app-error';
import { Clock } from '@api/modules/common/clock';
import { DocumentsService } from '@api/modules/documents/documents.service';
import { CitationChecker, unsupportedNote } from '@api/modules/llm/citation-checker';
import { LanguageModel } from '@api/modules/llm/language-model';
import { Passage } from '@api/modules/llm/llm.types';
import { DeletedResponseDto } from '@api/modules/projects/projects.dto';
import { ProjectsService } from '@api/modules/projects/projects.service';
import { SearchService } from '@api/modules/search/search.service';
import { ChatRepository } from './chat.repository';
import { AnswerResponseDto, AskQuestionDto, ChatHistoryQueryDto, ChatHistoryResponseDto, HISTORY_PAGE_SIZE, mapCitation, mapHistoryEntry } from './qa.dto';
import { UsageService } from '@api/modules/usage/usage.service';

export const NO_DOCUMENTS = 'You need to add documents first';
export const STILL_READING = 'Your documents are still being read: ask again in a minute.';
/** How long a question asked right after an upload waits for the first document to be ready. */
export const FIRST_READY_WAIT_MS = 60_000;
const FIRST_READY_POLL_MS = 500;
export const PASSAGES_PER_ANSWER = 8;
/** Passages read for a question that names a kind of clause: the clause rules, not the words, pick among them. */
export const PASSAGES_PER_CLAUSE_ANSWER = 24;
/** Documents a broad question (key terms, obligations, risks) is answered from, best-matching first. */
export const BROAD_DOCUMENTS = 3;
/** Documents whose openings answer a question about the documents themselves (names, parties, dates). */
export const OPENING_DOCUMENTS = 3;
/** Documents whose page furniture is kept between questions (a few spans each). */
const FURNITURE_CACHE_SIZE = 5000;

@Injectable()
export class QaService {
  /** Each document's page furniture, found once: a stored text does not change while its document is ready. */
  private readonly furniture = new BoundedLru<string, TextSpan[]>(FURNITURE_CACHE_SIZE);

  constructor(
    private readonly projects: ProjectsService,
    private readonly documents: DocumentsService,
    private readonly search: SearchService,
    private readonly model: LanguageModel,
    private readonly checker: CitationChecker,
    private readonly chat: ChatRepository,
    private readonly usage: UsageService,
    private readonly clock: Clock,
  ) {}

  /**
   * The page furniture of a stored text: as found when it was read, else (a text stored before that was kept) found
   * on its first question (keyed by its length too, should it be read again).
   */
  private furnitureOf(documentId: string, { text, pages, furniture }: { text: string; pages: PageSpan[]; furniture: TextSpan[] | null }): TextSpan[] {
    if (furniture !== null) return furniture;
    const key = `${documentId}:${text.length}`;
    let spans = this.furniture.get(key);
    if (spans === undefined) {
      spans = detectBoilerplate(text, pages);
      this.furniture.set(key, spans);
    }
    return spans;
  }

  /**
   * The project's document counts once at least one document is ready. A question asked while the first uploads
   * are still being read waits for the first of them (at most FIRST_READY_WAIT_MS); with nothing uploaded, or
   * nothing that could be read, it is refused at once.
   */
  private async firstReady(projectId: string): Promise<{ counts: Record<'queued' | 'processing' | 'ready' | 'failed', number>; readySignature: string }> {
    const deadline = this.clock.now().getTime() + FIRST_READY_WAIT_MS;
    for (;;) {
      const readiness = await this.documents.readiness(projectId);
      const { counts } = readiness;
      if (counts.ready > 0) return readiness;
      if (counts.queued + counts.processing === 0) throw new BadRequestError(NO_DOCUMENTS);
      if (this.clock.now().getTime() >= deadline) throw new BadRequestError(STILL_READING);
      await this.clock.sleep(FIRST_READY_POLL_MS);
    }
  }

  /** Answers from the project's ready documents; every citation returned has been checked against the stored text. */
  async ask(user: AuthUser, projectId: string, dto: AskQuestionDto): Promise<AnswerResponseDto> {
    const project = await this.projects.getFor(user, projectId, 'chat.ask');
    const { counts, readySignature } = await this.firstReady(project.id);
    const pending = counts.queued + counts.processing;

    const passageCount = namesClause(dto.question) ? PASSAGES_PER_CLAUSE_ANSWER : PASSAGES_PER_ANSWER;
    const hits = await this.search.search(project.id, searchQuery(dto.question), passageCount, { readySignature });
    const passages: Passage[] = hits.map(({ chunk, file, score }) => ({
      id: chunk.id,
      documentId: chunk.documentId,
      file,
      page: chunk.pageStart,
      start: chunk.start,
      end: chunk.end,
      text: chunk.text,
      score,
      headingPath: chunk.headingPath,
    }));
    // A question about the documents themselves (their names, parties, dates) is answered from their openings,
    // those of the best-matching documents first, then of the project's others: such a question often shares no
    // word with the text ("Who are the parties?").
    const openingIds = wantsDocumentOpening(dto.question) ? await this.openingDocuments(project.id, passages) : [];
    const texts = new Map(
      (await this.search.textsOf(project.id, [...passages.map((passage) => passage.documentId), ...openingIds])).map((text) => [text.documentId, text]),
    );
    const pages: Record<string, PageSpan[]> = {};
    // Page furniture is found again from the stored text: chunks hold none, but a document's opening may.
    const boilerplate: Record<string, TextSpan[]> = {};
    for (const [id, text] of texts) {
      pages[id] = text.pages;
      boilerplate[id] = this.furnitureOf(id, text);
    }
    if (openingIds.length > 0) passages.push(...(await this.openings(openingIds, passages, texts)));

    const broadIds = broadIntent(dto.question) ? [...new Set(passages.map((passage) => passage.documentId))].slice(0, BROAD_DOCUMENTS) : [];
    const found = await this.documents.findMany(broadIds);
    found.sort((a, b) => broadIds.indexOf(a.id) - broadIds.indexOf(b.id));
    const sources = found.flatMap((document) => {
      const text = texts.get(document.id);
      return text ? [{ id: document.id, file: document.filename, sha256: document.sha256, text: text.text, pages: text.pages }] : [];
    });
    const wholeTexts = Object.fromEntries([...texts].map(([id, text]) => [id, text.text]));
    const draft = await this.model.answer(dto.question, passages, pages, sources, boilerplate, wholeTexts);
    const pageMaps = new Map([...texts].map(([id, text]) => [id, new PageMap(text.pages)]));
    const checked = this.checker.check(draft.citations, (id) => texts.get(id)?.text, { pagesOf: (id) => pageMaps.get(id) });
    // Quotes the checker moved or re-read from the stored text can land on the same span: it is shown once.
    const spans = new Set<string>();
    const citations = checked.valid.flatMap(({ documentId, file, page, start, end, quote }) => {
      const span = `${documentId}:${start}:${end}`;
      if (spans.has(span)) return [];
      spans.add(span);
      return [{ documentId, file, page, start, end, quote }];
    });
    let answer = draft.answer;
    if (checked.invalid.length > 0) {
      answer += `\n\n${unsupportedNote(checked.invalid.length)}`;
    }
    if (pending > 0) {
      answer += `\n\n${pending} document${pending === 1 ? ' is' : 's are'} still being processed and ${pending === 1 ? 'was' : 'were'} not searched.`;
    }
    const abstained = draft.abstained || citations.length === 0;
    const context = [...new Set(citations.map((citation) => citation.file))];
    await this.chat.add({
      projectId: project.id,
      userId: user.id,
      question: dto.question,
      answer,
      citations,
      context,
      abstained,
      engine: draft.engine,
      usage: draft.usage,
    });
    await this.usage.count(user, { questions: 1, inputTokens: draft.usage?.inputTokens, outputTokens: draft.usage?.outputTokens });
    return { answer, context, citations: citations.map(mapCitation), abstained };
  }

  /** The documents whose openings answer a question about the documents themselves: at most OPENING_DOCUMENTS. */
  private async openingDocuments(projectId: string, passages: readonly Passage[]): Promise<string[]> {
    const ids = [...new Set(passages.map((passage) => passage.documentId))].slice(0, OPENING_DOCUMENTS);
    if (ids.length < OPENING_DOCUMENTS) {
      // Enough of the first ready documents to fill the places the retrieved ones left, skipping those already in.
      for (const id of await this.documents.readyIds(projectId, OPENING_DOCUMENTS + ids.length)) if (ids.length < OPENING_DOCUMENTS && !ids.includes(id)) ids.push(id);
    }
    return ids;
  }

  /** The first OPENING_CHARS of each document, as passages scored like the best retrieved passage of its document. */
  private async openings(ids: readonly string[], passages: readonly Passage[], texts: Map<string, { text: string }>): Promise<Passage[]> {
    const retrieved = new Map<string, Passage>();
    for (const passage of passages) if (!retrieved.has(passage.documentId)) retrieved.set(passage.documentId, passage);
    const missing = ids.filter((id) => !retrieved.has(id));
    const files = new Map((missing.length > 0 ? await this.documents.findMany(missing) : []).map((document) => [document.id, document.filename]));
    return ids.flatMap((documentId) => {
      const text = texts.get(documentId)?.text ?? '';
      const end = Math.min(OPENING_CHARS, text.length);
      const file = retrieved.get(documentId)?.file ?? files.get(documentId);
      if (end === 0 || file === undefined) return [];
      const score = retrieved.get(documentId)?.score ?? 0;
      return [{ id: `opening:${documentId}`, documentId, file, page: 1, start: 0, end, text: text.slice(0, end), score, headingPath: [] }];
    });
  }

  /** One page of the history, oldest first; `next` points at the older page when there is one. */
  async history(user: AuthUser, projectId: string, query: ChatHistoryQueryDto): Promise<ChatHistoryResponseDto> {
    const project = await this.projects.getFor(user, projectId, 'chat.own-history');
    const limit = query.limit ?? HISTORY_PAGE_SIZE;
    // One row more than the page tells whether an older page exists.
    const newestFirst = await this.chat.history(project.id, user.id, { limit: limit + 1, before: query.before });
    const page = newestFirst.slice(0, limit).reverse();
    return { history: page.map(mapHistoryEntry), next: newestFirst.length > limit ? page[0].id : null };
  }

  async clearHistory(user: AuthUser, projectId: string): Promise<DeletedResponseDto> {
    const project = await this.projects.getFor(user, projectId, 'chat.own-history');
    await this.chat.clear(project.id, user.id);
    return { message: 'Chat history deleted.' };
  }
}
