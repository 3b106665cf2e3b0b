import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, mockFetch, pendingForever } from '../test/fetch-mock';
import { DocumentManagerDialog, fileCountLabel, uploadFailureLine, uploadFailureMessage } from './document-manager-dialog';

const file = (name: string) => new File(['contract text'], name, { type: 'text/plain' });

function renderDialog(onClose = vi.fn()) {
  render(<DocumentManagerDialog open projectId="p1" projectName="Supply dispute" onClose={onClose} />);
  return onClose;
}

describe('uploadFailureLine', () => {
  it.each([
    ['a.pdf', 'Request failed with status code 500', 'a.pdf: Request failed with status code 500'],
    ['a.pdf', 'The file name "a.pdf" is not allowed.', 'a.pdf: The file name is not allowed.'],
    ['a.pdf', 'A document named "a.pdf" was being changed at the same time.', 'a.pdf: A document with this name was being changed at the same time.'],
    ['a.pdf', 'a.pdf: too large', 'a.pdf: too large'],
    ['a.pdf', 'The upload of "a.pdf" failed.', 'a.pdf: The upload of this file failed.'],
    ['a', 'A value is missing.', 'a: A value is missing.'],
  ])('writes %s with %s as %s', (name, message, line) => {
    expect(uploadFailureLine(name, message)).toBe(line);
  });
});

describe('fileCountLabel', () => {
  it('uses the singular for one file and the plural otherwise', () => {
    expect(fileCountLabel(1)).toBe('1 file');
    expect(fileCountLabel(0)).toBe('0 files');
    expect(fileCountLabel(3)).toBe('3 files');
  });
});

describe('uploadFailureMessage', () => {
  it('falls back to "Unknown error occurred" for a value that is not an error', () => {
    expect(uploadFailureMessage('boom')).toBe('Unknown error occurred');
  });
});

describe('DocumentManagerDialog', () => {
  it('shows "Loading documents..." while the list loads', async () => {
    mockFetch({ 'GET /api/projects/p1/files/': () => pendingForever() });
    renderDialog();
    expect(await screen.findByText('Loading documents...')).toBeInTheDocument();
    expect(screen.getByLabelText('Choose documents to upload')).toHaveAttribute('accept', '*');
    expect(screen.getByText('Upload and manage documents for your project. We support PDF, DOCX, and TXT files.')).toBeInTheDocument();
  });

  it('shows the empty state with "Add Documents"', async () => {
    mockFetch({ 'GET /api/projects/p1/files/': () => json(200, { files: [] }) });
    renderDialog();
    expect(await screen.findByText('No documents added to this project yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Documents' })).toBeEnabled();
    expect(screen.getByText('0 files')).toBeInTheDocument();
  });

  it('shows "Failed to fetch documents" when the list fails without a detail', async () => {
    mockFetch({ 'GET /api/projects/p1/files/': () => json(500, {}) });
    renderDialog();
    expect(await screen.findByText('Failed to fetch documents')).toBeInTheDocument();
  });

  it('lists the files with a count chip and each status', async () => {
    mockFetch({
      'GET /api/projects/p1/files/': () => json(200, { files: ['msa.pdf'] }),
      'GET /api/projects/p1/documents/': () =>
        json(200, {
          documents: [{ id: 'd1', filename: 'msa.pdf', status: 'failed', error: 'The PDF has no text layer.', size: 10, pages: 0, created_at: '' }],
        }),
    });
    renderDialog();
    const list = await screen.findByRole('list', { name: 'Documents' });
    expect(within(list).getByText('msa.pdf')).toBeInTheDocument();
    expect(screen.getByText('1 file')).toBeInTheDocument();
    expect(await screen.findByLabelText('Status: Failed')).toBeInTheDocument();
    expect(screen.getByText('The PDF has no text layer.')).toBeInTheDocument();
  });

  it('uploads one request per file and lists every failure under "Failed to upload some files:"', async () => {
    // The input accepts '*', which user-event's accept filter would otherwise read as matching nothing.
    const user = userEvent.setup({ applyAccept: false });
    let stored: string[] = [];
    const chosen = ['lease.txt', 'scan.exe', 'big.pdf', 'odd.pdf', 'nda.txt'];
    let sent = 0;
    const api = mockFetch({
      'GET /api/projects/p1/files/': () => json(200, { files: stored }),
      'GET /api/projects/p1/documents/': () => json(200, { documents: [] }),
      'POST /api/upload/': () => {
        // jsdom drops file names from a multipart Request; uploads go one at a time in the order chosen.
        const name = chosen[sent++] ?? '';
        if (name === 'scan.exe') return apiError(415, 'This file type is not supported.', 'Unsupported file type');
        if (name === 'big.pdf') return new TypeError('Failed to fetch');
        if (name === 'odd.pdf') return json(500, {});
        stored = [...stored, name];
        return json(201, {});
      },
    });
    renderDialog();
    await screen.findByText('No documents added to this project yet');

    await user.upload(screen.getByLabelText('Choose documents to upload'), chosen.map(file));

    const alert = await screen.findByText('Failed to upload some files:');
    const items = within(alert.closest('[role="alert"]') as HTMLElement).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'scan.exe: Unsupported file type',
      'big.pdf: Failed to fetch',
      'odd.pdf: Request failed with status code 500',
    ]);
    const uploads = api.calls('POST /api/upload/');
    expect(uploads).toHaveLength(5);
    expect(uploads.every((request) => request.form?.get('project_id') === 'p1')).toBe(true);
    expect(screen.getByText('2 files')).toBeInTheDocument();
    expect(screen.getByText('lease.txt')).toBeInTheDocument();
    expect(screen.getByText('nda.txt')).toBeInTheDocument();
  });

  it('names the file once in a failure line when the server\'s message names it too', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const chosen = ['scan.exe', 'empty.txt', 'lease.txt'];
    const messages = [
      '"scan.exe" is not a supported file type. Supported types: PDF, DOCX, TXT.',
      '"empty.txt" is empty (0 bytes): there is nothing to upload.',
      'A document named "lease.txt" already exists in this project.',
    ];
    let sent = 0;
    mockFetch({
      'GET /api/projects/p1/files/': () => json(200, { files: [] }),
      'GET /api/projects/p1/documents/': () => json(200, { documents: [] }),
      'POST /api/upload/': () => {
        const message = messages[sent++] ?? '';
        return apiError(400, message, message);
      },
    });
    renderDialog();
    await screen.findByText('No documents added to this project yet');
    await user.upload(screen.getByLabelText('Choose documents to upload'), chosen.map(file));

    const alert = (await screen.findByText('Failed to upload some files:')).closest('[role="alert"]') as HTMLElement;
    const items = within(alert).getAllByRole('listitem').map((li) => li.textContent ?? '');
    expect(items).toEqual([
      'scan.exe: This file is not a supported file type. Supported types: PDF, DOCX, TXT.',
      'empty.txt: This file is empty (0 bytes): there is nothing to upload.',
      'lease.txt: A document with this name already exists in this project.',
    ]);
    items.forEach((item, index) => expect(item.split(chosen[index])).toHaveLength(2));
  });

  it('shows "Uploading..." and "Processing your documents..." while uploading', async () => {
    const user = userEvent.setup({ applyAccept: false });
    mockFetch({
      'GET /api/projects/p1/files/': () => json(200, { files: [] }),
      'GET /api/projects/p1/documents/': () => json(200, { documents: [] }),
      'POST /api/upload/': () => pendingForever(),
    });
    renderDialog();
    await screen.findByText('No documents added to this project yet');
    await user.upload(screen.getByLabelText('Choose documents to upload'), file('lease.txt'));
    expect(screen.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    expect(screen.getByText('Processing your documents...')).toBeInTheDocument();
  });

  it('asks before deleting a document and shows "Failed to delete document" on failure', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    mockFetch({
      'GET /api/projects/p1/files/': () => json(200, { files: ['msa v2.pdf'] }),
      'GET /api/projects/p1/documents/': () => json(200, { documents: [] }),
      'DELETE /api/projects/p1/files/msa%20v2.pdf/': () => json(500, {}),
    });
    renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Delete msa v2.pdf' }));
    expect(confirm).toHaveBeenCalledWith('Delete document "msa v2.pdf"?');
    expect(await screen.findByText('Failed to delete document')).toBeInTheDocument();
  });

  it('reports the file count when closed', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/projects/p1/files/': () => json(200, { files: ['a.txt', 'b.txt'] }),
      'GET /api/projects/p1/documents/': () => json(200, { documents: [] }),
    });
    const onClose = renderDialog();
    await screen.findByText('2 files');
    await user.click(screen.getAllByRole('button', { name: 'Close' })[0]);
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(2));
  });
});
