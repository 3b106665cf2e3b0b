import { PageMap, searchQuery } from '@casewise/legal';
import { BadRequestError } from '@api/modules/common/app-error';
import { Clock } from '@api/modules/common/clock';
import { DocumentsService } from '@api/modules/documents/documents.service';
import type { ChunkEntity } from '@api/modules/ingestion/chunk.entity';
import type { DocumentTextEntity } from '@api/modules/ingestion/document-text.entity';
import { CitationChecker, type CitationCheck, unsupportedNote } from '@api/modules/llm/citation-checker';
import { LanguageModel } from '@api/modules/llm/language-model';
import type { AnswerDraft, Citation } from '@api/modules/llm/llm.types';
import { ProjectsService } from '@api/modules/projects/projects.service';
import { SearchService } from '@api/modules/search/search.service';
import { UsageService } from '@api/modules/usage/usage.service';
import { entity, NOW } from '@test/utils/entities';
import { expectError } from '@test/utils/expect-error';
import { automock } from '@test/utils/strict';
import { ChatRepository } from './chat.repository';
import type { ChatMessageEntity } from './chat-message.entity';
import { FIRST_READY_WAIT_MS, NO_DOCUMENTS, PASSAGES_PER_ANSWER, PASSAGES_PER_CLAUSE_ANSWER, QaService, STILL_READING } from './qa.service';

const CALLER = entity.caller();
const PROJECT = entity.project();
const SIGNATURE = '1:1767225600000';
const TEXT = 'This Agreement is governed by the laws of Nevada. Either party may terminate on thirty days notice.';
const STORED: DocumentTextEntity = { documentId: 'document-1', text: TEXT, pages: [{ page: 1, start: 0, end: TEXT.length, ocr: false }], furniture: null };
const QUESTION = 'Which law governs the agreement?';

const CHUNK: ChunkEntity = { id: 'chunk-1', documentId: 'document-1', projectId: PROJECT.id, ordinal: 0, start: 0, end: TEXT.length, pageStart: 1, pageEnd: 1, headingPath: ['1. Law'], text: TEXT, vector: null };

/** What the model claims: one quote with wrong offsets and spacing, and one quote that is in no document. */
const RAW: Citation[] = [
  { documentId: 'document-1', file: 'contract.txt', page: 3, start: 5, end: 9, quote: 'governed  by the laws of Nevada' },
  { documentId: 'document-1', file: 'contract.txt', page: 1, start: 0, end: 10, quote: 'governed by the laws of Texas' },
];
/** What the checker makes of it: the first quote re-read from the stored text at its real offsets; the second removed. */
const CHECKED: CitationCheck = {
  valid: [{ documentId: 'document-1', file: 'contract.txt', page: 1, start: 18, end: 48, quote: 'governed by the laws of Nevada', relocated: true }],
  invalid: [{ citation: RAW[1], reason: 'quote not found' }],
};

function draft(overrides: Partial<AnswerDraft> = {}): AnswerDraft {
  return { answer: 'Nevada law governs [1].', citations: RAW, abstained: false, engine: 'test-model', usage: { inputTokens: 100, outputTokens: 20 }, ...overrides };
}

/** A project with one ready document whose chunk matches, and a model and checker that answer as given. */
function setup(options: { counts?: { queued: number; processing: number; ready: number; failed: number }; draft?: AnswerDraft; checked?: CitationCheck } = {}) {
  const projects = automock(ProjectsService);
  const documents = automock(DocumentsService);
  const search = automock(SearchService);
  const model = automock(LanguageModel);
  const checker = automock(CitationChecker);
  const chat = automock(ChatRepository);
  const usage = automock(UsageService);
  const clock = automock(Clock);
  // Each reading of the clock is a second later; a wait passes at once.
  let elapsed = 0;
  clock.now.mockImplementation(() => new Date(NOW.getTime() + (elapsed += 1000)));
  clock.sleep.mockResolvedValue();
  projects.getFor.mockResolvedValue(PROJECT);
  documents.readiness.mockResolvedValue({ counts: options.counts ?? { queued: 0, processing: 0, ready: 1, failed: 0 }, readySignature: SIGNATURE });
  search.search.mockResolvedValue([{ chunk: CHUNK, file: 'contract.txt', score: 0.9 }]);
  search.textsOf.mockResolvedValue([STORED]);
  documents.findMany.mockResolvedValue([]);
  model.answer.mockResolvedValue(options.draft ?? draft());
  checker.check.mockReturnValue(options.checked ?? CHECKED);
  chat.add.mockImplementation(async (message) => ({ ...message, id: 'message-1', createdAt: NOW }));
  usage.count.mockResolvedValue();
  const sut = new QaService(projects, documents, search, model, checker, chat, usage, clock);
  return { sut, projects, documents, search, model, checker, chat, usage, clock };
}

describe(QaService.name, () => {
  describe('ask', () => {
    it('refuses at once a project with nothing ready and nothing being read, before searching or asking the model', async () => {
      const mocks = setup({ counts: { queued: 0, processing: 0, ready: 0, failed: 1 } });
      await expectError(mocks.sut.ask(CALLER, PROJECT.id, { question: QUESTION }), BadRequestError, NO_DOCUMENTS);
      expect(mocks.projects.getFor).toHaveBeenCalledWith(CALLER, PROJECT.id, 'chat.ask');
      expect(mocks.clock.sleep).not.toHaveBeenCalled();
      expect(mocks.search.search).not.toHaveBeenCalled();
      expect(mocks.model.answer).not.toHaveBeenCalled();
    });

    it('waits for the first document still being read, then answers and says what was not searched', async () => {
      const mocks = setup();
      mocks.documents.readiness
        .mockResolvedValueOnce({ counts: { queued: 2, processing: 1, ready: 0, failed: 0 }, readySignature: '0:0' })
        .mockResolvedValueOnce({ counts: { queued: 1, processing: 1, ready: 0, failed: 0 }, readySignature: '0:0' })
        .mockResolvedValueOnce({ counts: { queued: 1, processing: 1, ready: 1, failed: 0 }, readySignature: SIGNATURE });
      const answer = await mocks.sut.ask(CALLER, PROJECT.id, { question: QUESTION });
      expect(mocks.clock.sleep).toHaveBeenCalledTimes(2);
      expect(answer.answer).toContain('2 documents are still being processed and were not searched.');
      expect(mocks.model.answer).toHaveBeenCalledTimes(1);
    });

    it('gives up waiting after the bound with a message to ask again, having asked nothing', async () => {
      const mocks = setup({ counts: { queued: 1, processing: 1, ready: 0, failed: 0 } });
      await expectError(mocks.sut.ask(CALLER, PROJECT.id, { question: QUESTION }), BadRequestError, STILL_READING);
      // One clock reading per poll, a second apart: the bound is kept.
      expect(mocks.clock.sleep.mock.calls.length).toBeLessThanOrEqual(FIRST_READY_WAIT_MS / 1000);
      expect(mocks.clock.sleep.mock.calls.length).toBeGreaterThan(10);
      expect(mocks.model.answer).not.toHaveBeenCalled();
    });

    it('reads fewer passages for a question that names no kind of clause', async () => {
      const mocks = setup();
      await mocks.sut.ask(CALLER, PROJECT.id, { question: 'Where is the warehouse?' });
      // Searched with the ready signature just read: the search does not read it again.
      expect(mocks.search.search).toHaveBeenCalledWith(PROJECT.id, 'Where is the warehouse?', PASSAGES_PER_ANSWER, { readySignature: SIGNATURE });
    });

    it('answers the model the passages found, with the stored page maps and page furniture', async () => {
      const mocks = setup();
      await mocks.sut.ask(CALLER, PROJECT.id, { question: QUESTION });
      // A question naming a kind of clause reads more passages, searched with the words such clauses are written in.
      expect(mocks.search.search).toHaveBeenCalledWith(PROJECT.id, searchQuery(QUESTION), PASSAGES_PER_CLAUSE_ANSWER, { readySignature: SIGNATURE });
      expect(searchQuery(QUESTION)).not.toBe(QUESTION);
      expect(mocks.search.textsOf).toHaveBeenCalledWith(PROJECT.id, ['document-1']);
      expect(mocks.model.answer).toHaveBeenCalledWith(
        QUESTION,
        [{ id: 'chunk-1', documentId: 'document-1', file: 'contract.txt', page: 1, start: 0, end: TEXT.length, text: TEXT, score: 0.9, headingPath: ['1. Law'] }],
        { 'document-1': STORED.pages },
        [],
        // The text holds no page furniture.
        { 'document-1': [] },
        // The whole stored text of each passage's document, where a contract's dates are read.
        { 'document-1': TEXT },
      );
      // Not a broad question: no whole documents go to the model.
      expect(mocks.documents.findMany).toHaveBeenCalledWith([]);
    });

    it('leaves out the page furniture stored with a text, as found when it was read, without finding it again', async () => {
      const mocks = setup();
      // Spans that finding the furniture of this text again would not give: what was stored is what counts.
      const furniture = [{ start: 0, end: 17 }];
      mocks.search.textsOf.mockResolvedValue([{ ...STORED, furniture }]);
      await mocks.sut.ask(CALLER, PROJECT.id, { question: QUESTION });
      const [, , , , boilerplate] = mocks.model.answer.mock.calls[0];
      expect(boilerplate).toEqual({ 'document-1': furniture });
    });

    it('checks the model’s own citations against the stored text and its pages', async () => {
      const mocks = setup();
      await mocks.sut.ask(CALLER, PROJECT.id, { question: QUESTION });
      expect(mocks.checker.check).toHaveBeenCalledTimes(1);
      const [citations, textOf, options] = mocks.checker.check.mock.calls[0];
      expect(citations).toBe(RAW);
      expect(textOf('document-1')).toBe(TEXT);
      expect(textOf('document-2')).toBeUndefined();
      expect(options?.pagesOf?.('document-1')).toBeInstanceOf(PageMap);
    });

    it('returns and stores only the checked citations, never the model’s raw ones, and says how many were removed', async () => {
      const mocks = setup();
      const answer = await mocks.sut.ask(CALLER, PROJECT.id, { question: QUESTION });
      const shown = [{ file: 'contract.txt', page: 1, start: 18, end: 48, quote: 'governed by the laws of Nevada' }];
      expect(answer.citations).toEqual(shown);
      expect(answer.citations).not.toContainEqual(expect.objectContaining({ quote: RAW[0].quote }));
      expect(answer.citations).not.toContainEqual(expect.objectContaining({ quote: RAW[1].quote }));
      expect(answer.answer).toBe(`Nevada law governs [1].\n\n${unsupportedNote(1)}`);
      expect(answer).toMatchObject({ context: ['contract.txt'], abstained: false });
      expect(mocks.chat.add).toHaveBeenCalledWith({
        projectId: PROJECT.id,
        userId: CALLER.id,
        question: QUESTION,
        answer: answer.answer,
        citations: [{ documentId: 'document-1', ...shown[0] }],
        context: ['contract.txt'],
        abstained: false,
        engine: 'test-model',
        usage: { inputTokens: 100, outputTokens: 20 },
      });
    });

    it('shows a span the checker kept twice only once', async () => {
      const kept = CHECKED.valid[0];
      const mocks = setup({ checked: { valid: [kept, { ...kept, quote: 'governed by the laws of Nevada', relocated: false }], invalid: [] } });
      const answer = await mocks.sut.ask(CALLER, PROJECT.id, { question: QUESTION });
      expect(answer.citations).toHaveLength(1);
      expect(answer.answer).toBe('Nevada law governs [1].');
    });

    it('counts an answer left without a checked citation as abstained', async () => {
      const mocks = setup({ checked: { valid: [], invalid: CHECKED.invalid } });
      const answer = await mocks.sut.ask(CALLER, PROJECT.id, { question: QUESTION });
      expect(answer).toMatchObject({ citations: [], context: [], abstained: true });
    });

    it('says how many documents were not searched because they are still being processed', async () => {
      const one = await setup({ counts: { queued: 1, processing: 0, ready: 1, failed: 0 }, checked: { valid: CHECKED.valid, invalid: [] } }).sut.ask(CALLER, PROJECT.id, { question: QUESTION });
      expect(one.answer).toBe('Nevada law governs [1].\n\n1 document is still being processed and was not searched.');
      const three = await setup({ counts: { queued: 1, processing: 2, ready: 1, failed: 4 }, checked: { valid: CHECKED.valid, invalid: [] } }).sut.ask(CALLER, PROJECT.id, { question: QUESTION });
      expect(three.answer).toBe('Nevada law governs [1].\n\n3 documents are still being processed and were not searched.');
    });

    it('counts the question and the model’s tokens for the caller', async () => {
      const mocks = setup();
      await mocks.sut.ask(CALLER, PROJECT.id, { question: QUESTION });
      expect(mocks.usage.count).toHaveBeenCalledWith(CALLER, { questions: 1, inputTokens: 100, outputTokens: 20 });
    });

    it('hands a broad question the whole texts of the best-matching documents, in the order search ranked them', async () => {
      const mocks = setup();
      const second: DocumentTextEntity = { documentId: 'document-2', text: 'Second contract.', pages: [{ page: 1, start: 0, end: 16, ocr: false }], furniture: [] };
      mocks.search.search.mockResolvedValue([
        { chunk: CHUNK, file: 'contract.txt', score: 0.9 },
        { chunk: { ...CHUNK, id: 'chunk-2', documentId: 'document-2', text: second.text, end: 16 }, file: 'second.txt', score: 0.5 },
      ]);
      mocks.search.textsOf.mockResolvedValue([STORED, second]);
      mocks.documents.findMany.mockResolvedValue([entity.document({ id: 'document-2', filename: 'second.txt' }), entity.document({ id: 'document-1', filename: 'contract.txt' })]);
      await mocks.sut.ask(CALLER, PROJECT.id, { question: 'What are the key terms?' });
      expect(mocks.documents.findMany).toHaveBeenCalledWith(['document-1', 'document-2']);
      const sources = mocks.model.answer.mock.calls[0][3];
      expect(sources?.map((source) => [source.id, source.file, source.text])).toEqual([
        ['document-1', 'contract.txt', TEXT],
        ['document-2', 'second.txt', 'Second contract.'],
      ]);
    });
  });

  describe('history', () => {
    const message = (id: string): ChatMessageEntity => ({
      id,
      projectId: PROJECT.id,
      userId: CALLER.id,
      question: `question ${id}`,
      answer: `answer ${id}`,
      citations: [],
      context: [],
      abstained: false,
      engine: 'test-model',
      usage: null,
      createdAt: NOW,
    });

    it('asks for one more than a page, answers the page oldest first, and points at the older page', async () => {
      const mocks = setup();
      mocks.chat.history.mockResolvedValue([message('m3'), message('m2'), message('m1')]);
      const page = await mocks.sut.history(CALLER, PROJECT.id, { limit: 2, before: 'm4' });
      expect(mocks.projects.getFor).toHaveBeenCalledWith(CALLER, PROJECT.id, 'chat.own-history');
      expect(mocks.chat.history).toHaveBeenCalledWith(PROJECT.id, CALLER.id, { limit: 3, before: 'm4' });
      expect(page.history.map((entry) => entry._id)).toEqual(['m2', 'm3']);
      expect(page.next).toBe('m2');
    });

    it('has no next page when the last page is short', async () => {
      const mocks = setup();
      mocks.chat.history.mockResolvedValue([message('m2'), message('m1')]);
      const page = await mocks.sut.history(CALLER, PROJECT.id, { limit: 2 });
      expect(page.history.map((entry) => entry._id)).toEqual(['m1', 'm2']);
      expect(page.next).toBeNull();
    });

    it('clears only the caller’s own history of the project', async () => {
      const mocks = setup();
      mocks.chat.clear.mockResolvedValue(3);
      await expect(mocks.sut.clearHistory(CALLER, PROJECT.id)).resolves.toEqual({ message: 'Chat history deleted.' });
      expect(mocks.chat.clear).toHaveBeenCalledWith(PROJECT.id, CALLER.id);
    });
  });
});
