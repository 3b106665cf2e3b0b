import { ConfigService } from '@api/modules/config/config.service';
import { MAX_CHARS_PER_BATCH, planBatches, VoyageEmbeddingClient } from '@api/modules/embeddings/voyage-embedding.client';
import { UpstreamServiceError } from '@api/modules/common/upstream.error';
import { cuadContracts, cuadText } from '../utils/fixtures';
import { FakeVoyage, fakeEmbedding } from '../utils/fake-voyage';
import { testConfig } from '../utils/test-config';

const KEY = 'pa-test-key-42';

/** Real contract paragraphs, to embed as a document would be. */
function contractParagraphs(count: number): string[] {
  const paragraphs: string[] = [];
  for (const name of cuadContracts()) {
    for (const paragraph of cuadText(name).split(/\n\s*\n/)) {
      if (paragraph.trim().length > 40) paragraphs.push(paragraph.trim());
      if (paragraphs.length === count) return paragraphs;
    }
  }
  return paragraphs;
}

describe('Voyage embeddings against a local fake', () => {
  let fake: FakeVoyage;
  let client: VoyageEmbeddingClient;

  beforeAll(async () => {
    fake = await FakeVoyage.start(KEY, 16);
    client = new VoyageEmbeddingClient(new ConfigService(testConfig({ VOYAGE_API_KEY: KEY, VOYAGE_BASE_URL: fake.baseUrl, VOYAGE_MODEL: 'voyage-law-2' }, { redis: false })));
    client.retryPolicy = { maxAttempts: 4, baseDelayMs: 5, maxDelayMs: 2_000 };
  });

  afterEach(() => fake.reset());
  afterAll(async () => fake.stop());

  it('embeds 300 contract paragraphs in batches of at most 128, vectors in input order', async () => {
    const texts = contractParagraphs(300);
    expect(texts).toHaveLength(300);
    const vectors = await client.embed(texts, 'document');

    expect(fake.requests.map((r) => r.body.input.length)).toEqual([128, 128, 44]);
    expect(fake.requests.every((r) => r.body.model === 'voyage-law-2' && r.body.input_type === 'document')).toBe(true);
    expect(fake.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(vectors).toHaveLength(300);
    vectors.forEach((vector, i) => expect(vector).toEqual(fakeEmbedding(texts[i] as string, 'document', 16)));
    expect(client.tokensUsed).toBeGreaterThan(0);
  });

  it('sends input_type query for questions', async () => {
    const [vector] = await client.embed(['Which law governs the agreement?'], 'query');
    expect(fake.requests[0]?.body.input_type).toBe('query');
    expect(vector).toEqual(fakeEmbedding('Which law governs the agreement?', 'query', 16));
  });

  it('splits batches by characters as well as by count', () => {
    const big = 'x'.repeat(Math.floor(MAX_CHARS_PER_BATCH / 3) + 1);
    expect(planBatches([big, big, big, 'small'])).toEqual([{ start: 0, end: 2 }, { start: 2, end: 4 }]);
    expect(planBatches(['y'.repeat(MAX_CHARS_PER_BATCH * 2)])).toEqual([{ start: 0, end: 1 }]);
    expect(planBatches([])).toEqual([]);
  });

  it('retries 429 and 503, honouring retry-after, then returns the vectors', async () => {
    fake.failNext({ status: 429, headers: { 'retry-after': '1' } }, { status: 503 });
    const started = Date.now();
    const vectors = await client.embed(['a', 'b'], 'document');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(fake.requests).toHaveLength(3);
    expect(vectors).toEqual([fakeEmbedding('a', 'document', 16), fakeEmbedding('b', 'document', 16)]);
  });

  it('fails with a service error after four tries, and at once on a 401', async () => {
    fake.failNext({ status: 500 }, { status: 500 }, { status: 502 }, { status: 500 });
    await expect(client.embed(['a'], 'document')).rejects.toMatchObject({ statusCode: 503, upstreamStatus: 500 });
    expect(fake.requests).toHaveLength(4);

    fake.reset();
    fake.failNext({ status: 401 });
    const failure = await client.embed(['a'], 'document').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(UpstreamServiceError);
    expect(failure).toMatchObject({ statusCode: 502, upstreamStatus: 401 });
    expect(fake.requests).toHaveLength(1);
  });

  it('embeds an empty text without breaking the order of the others', async () => {
    const vectors = await client.embed(['first', '', 'third'], 'document');
    expect(vectors).toHaveLength(3);
    expect(vectors[2]).toEqual(fakeEmbedding('third', 'document', 16));
  });
});
