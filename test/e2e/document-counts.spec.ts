import { api, fails, ok, uploadFile } from '../utils/api';
import { waitForDocuments } from '../utils/documents';
import { createUser, type TestUser } from '../utils/factory';
import { createProject } from '../utils/projects';
import { startTestApp, type TestApp } from '../utils/test-app';
import { testConfig } from '../utils/test-config';

const LEASE = [
  'WAREHOUSE LEASE',
  'This Lease is made between Harbour Properties Ltd (the "Landlord") and Northwind Traders Inc (the "Tenant").',
  '1. Premises. The Landlord leases to the Tenant the warehouse at 12 Harbour Road, Bristol.',
  '2. Rent. The Tenant shall pay rent of 9,000 pounds each quarter.',
  '3. Governing Law. This Lease is governed by the laws of England and Wales.',
].join('\n\n');

const LICENCE = [
  'SOFTWARE LICENCE AGREEMENT',
  'This Agreement is made between Lumen Software Corp (the "Licensor") and Aster Analytics LLC (the "Licensee").',
  '1. Grant. The Licensor grants the Licensee a licence to use the Lumen platform.',
  '2. Licence Fee. The Licensee shall pay an annual licence fee of 40,000 dollars, due every January.',
  '3. Governing Law. This Agreement is governed by the laws of the State of New York.',
].join('\n\n');

const FEE = 'How much is the annual licence fee?';

// Every question reads the project's document counts and the signature of its ready documents, which the database
// keeps in one row per project as documents come, are read, fail and go: what a question sees follows each change.
describe('the document counts a question reads', () => {
  let ctx: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    ctx = await startTestApp(testConfig({ THROTTLE_LIMIT: '100000' }, { redis: false }));
    owner = await createUser(ctx, 'counts');
  });

  afterAll(() => ctx?.close());

  const ask = (projectId: string, question: string) => api(ctx, owner).POST('/api/projects/{id}/qa/', { params: { path: { id: projectId } }, body: { question } });
  const remove = (projectId: string, filename: string) => api(ctx, owner).DELETE('/api/projects/{id}/files/{filename}/', { params: { path: { id: projectId, filename } } });
  const citedFiles = (answer: { citations: { file: string }[] }) => [...new Set(answer.citations.map((citation) => citation.file))];

  it('answers from a document once it is read, no longer once it is deleted, and refuses when only a failed one is left', async () => {
    const { id } = await createProject(ctx, owner, 'Counted');
    await ok(uploadFile(ctx, owner, id, 'lease.txt', LEASE), 201);
    await waitForDocuments(ctx, owner.token, id);
    expect(citedFiles(await ok(ask(id, 'Where is the warehouse?')))).toEqual(['lease.txt']);

    // A second document read: the next question searches it too.
    await ok(uploadFile(ctx, owner, id, 'licence.txt', LICENCE), 201);
    await waitForDocuments(ctx, owner.token, id);
    expect(citedFiles(await ok(ask(id, FEE)))).toEqual(['licence.txt']);

    // Deleted: it is no longer searched, and the other still is.
    await ok(remove(id, 'licence.txt'));
    expect(citedFiles(await ok(ask(id, FEE)))).not.toContain('licence.txt');
    expect(citedFiles(await ok(ask(id, 'Where is the warehouse?')))).toEqual(['lease.txt']);

    // A document that cannot be read counts as failed: with the lease deleted, nothing is left to answer from.
    await ok(uploadFile(ctx, owner, id, 'scan.pdf', Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> broken beyond repair')), 201);
    const [scan] = await waitForDocuments(ctx, owner.token, id).then((rows) => rows.filter((row) => row.filename === 'scan.pdf'));
    expect(scan.status).toBe('failed');
    await ok(remove(id, 'lease.txt'));
    expect((await fails(ask(id, 'Where is the warehouse?'), 400)).detail).toBe('You need to add documents first');
  });

  it('keeps each project’s counts apart: a project whose only document is read answers while an empty one is refused', async () => {
    const full = await createProject(ctx, owner, 'Full');
    const empty = await createProject(ctx, owner, 'Empty');
    await ok(uploadFile(ctx, owner, full.id, 'licence.txt', LICENCE), 201);
    await waitForDocuments(ctx, owner.token, full.id);
    expect(citedFiles(await ok(ask(full.id, FEE)))).toEqual(['licence.txt']);
    expect((await fails(ask(empty.id, FEE), 400)).detail).toBe('You need to add documents first');
  });
});
