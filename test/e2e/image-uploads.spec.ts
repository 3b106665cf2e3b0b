import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { api, ok, uploadFile } from '../utils/api';
import { waitForDocuments } from '../utils/documents';
import { createUser, TestUser } from '../utils/factory';
import { sidewaysJpeg } from '../utils/images';
import { createProject } from '../utils/projects';
import { startTestApp, TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

const SCANNED_PNG = join(__dirname, '..', '..', 'apps', 'api', 'src', 'modules', 'ingestion', 'parsers', '__fixtures__', 'scanned-clause.png');

// A page photographed sideways with a phone, uploaded as a JPEG: read upright, so its words can be asked about and quoted.
describe('an uploaded photo of a page', () => {
  let ctx: TestApp;
  let user: TestUser;

  beforeAll(async () => {
    ctx = await startTestApp(testConfig());
    user = await createUser(ctx, 'photo');
  });

  afterAll(() => ctx?.close());

  it.each(['II', 'MM'] as const)('taken sideways (EXIF orientation 6, %s byte order) is read upright and quoted', async (order) => {
    const project = await createProject(ctx, user, `Photos ${order}`);
    await ok(uploadFile(ctx, user, project.id, 'page-photo.jpg', sidewaysJpeg(await readFile(SCANNED_PNG), order)), 201);
    const [document] = await waitForDocuments(ctx, user.token, project.id);
    expect(document.status).toBe('ready');
    const answer = await ok(api(ctx, user).POST('/api/projects/{id}/qa/', { params: { path: { id: project.id } }, body: { question: 'Who shall indemnify the Purchaser?' } }));
    expect(answer.citations.map((citation) => citation.quote.replace(/\s+/g, ' '))).toContainEqual(expect.stringContaining('The Supplier shall indemnify the Purchaser against all losses arising from defective goods.'));
  }, 120_000);
});
