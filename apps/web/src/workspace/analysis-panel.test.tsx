import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, mockFetch, pendingForever } from '../test/fetch-mock';
import { stubDownloads } from '../test/workspace-fixtures';
import { AnalysisPanel } from './analysis-panel';

const column = (name: string) => screen.getByRole('region', { name });


describe('AnalysisPanel', () => {
  it('keeps both downloads disabled until a result exists', () => {
    render(<AnalysisPanel projectId="p1" />);
    for (const button of screen.getAllByRole('button', { name: /^Download/ })) expect(button).toBeDisabled();
  });

  it('disables the generate button while the summary is generated, then renders it as markdown', async () => {
    const user = userEvent.setup();
    let reply: (response: Response) => void = () => undefined;
    mockFetch({ 'POST /api/generate_case_summary/': () => new Promise<Response>((resolve) => (reply = resolve)) });
    render(<AnalysisPanel projectId="p1" />);
    await user.click(screen.getByRole('button', { name: 'Generate Case Summary' }));
    expect(screen.getByRole('button', { name: 'Generate Case Summary' })).toBeDisabled();
    reply(json(200, { summary: '## Parties\n\n- **Buyer**: Acme' }));
    expect(await screen.findByRole('heading', { name: 'Parties' })).toBeInTheDocument();
    expect(within(column('Case Summary result')).getByText('Acme', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Download PDF of the case summary/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /Download PDF of the liability analysis/ })).toBeDisabled();
  });

  it('shows the reports stored for the project when it opens, and a new one in place of the stored one', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/projects/p3/reports/': () =>
        json(200, { case_summary: { markdown: '## Stored summary', created_at: '2026-11-20T10:00:00.000Z', engine: 'offline', documents: ['a.pdf'] }, liability_analysis: null }),
      'POST /api/generate_case_summary/': () => json(200, { summary: '## Fresh summary' }),
    });
    render(<AnalysisPanel projectId="p3" />);
    expect(await within(column('Case Summary result')).findByRole('heading', { name: 'Stored summary' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Download PDF of the case summary/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /Download PDF of the liability analysis/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Generate Case Summary' }));
    expect(await within(column('Case Summary result')).findByRole('heading', { name: 'Fresh summary' })).toBeInTheDocument();
    expect(within(column('Case Summary result')).queryByRole('heading', { name: 'Stored summary' })).toBeNull();
  });

  it('shows "Failed to generate case summary." whatever the server says', async () => {
    const user = userEvent.setup();
    mockFetch({ 'POST /api/generate_case_summary/': () => apiError(500, 'Model unavailable', 'Model unavailable') });
    render(<AnalysisPanel projectId="p1" />);
    await user.click(screen.getByRole('button', { name: 'Generate Case Summary' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to generate case summary\.$/);
  });

  it.each([
    ['the message of a non-success status', () => json(200, { status: 'error', message: 'No ready documents.' }), 'No ready documents.'],
    ['the fixed text for a non-success status without message', () => json(200, { status: 'error' }), 'Failed to generate liability analysis.'],
    ['the server message of a failed request', () => apiError(422, 'Documents are still processing.'), 'Documents are still processing.'],
    ['the retry text when the request fails without a message', () => json(500, {}), 'Failed to generate liability analysis. Please try again.'],
    ['the retry text when no response arrives', () => new TypeError('Failed to fetch'), 'Failed to generate liability analysis. Please try again.'],
  ])('shows %s', async (_case, reply, text) => {
    const user = userEvent.setup();
    mockFetch({ 'POST /api/generate_liability_analysis/': reply });
    render(<AnalysisPanel projectId="p1" />);
    await user.click(screen.getByRole('button', { name: 'Generate Liability Analysis' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${text.replace(/[.?]/g, '\\$&')}$`));
  });

  it('downloads the PDF and the Word file under the spec names', async () => {
    const user = userEvent.setup();
    const saved = stubDownloads();
    const api = mockFetch({
      'POST /api/generate_liability_analysis/': () => json(200, { status: 'success', analysis: 'Low risk.' }),
      'GET /api/download/liability-analysis-pdf/': () => new Response('%PDF-1.7', { status: 200 }),
    });
    render(<AnalysisPanel projectId="p7" />);
    await user.click(screen.getByRole('button', { name: 'Generate Liability Analysis' }));
    await screen.findByText('Low risk.');
    await user.click(screen.getByRole('button', { name: /Download PDF of the liability analysis/ }));
    await waitFor(() => expect(saved).toEqual(['liability_analysis_p7.pdf']));
    await user.click(screen.getByRole('button', { name: /Download Word document of the liability analysis/ }));
    await waitFor(() => expect(saved).toEqual(['liability_analysis_p7.pdf', 'liability_analysis_p7.docx']));
    expect(api.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/api/download/')).map((r) => r.path)).toEqual([
      '/api/download/liability-analysis-pdf/?project_id=p7',
      '/api/download/liability-analysis-pdf/?project_id=p7&format=docx',
    ]);
  });

  it('shows "Failed to download PDF." in the column whose download failed', async () => {
    const user = userEvent.setup();
    stubDownloads();
    mockFetch({
      'POST /api/generate_case_summary/': () => json(200, { summary: 'Summary text.' }),
      'GET /api/download/case-summary-pdf/': () => json(404, { statusCode: 404, detail: 'No report', error: 'No report' }),
    });
    render(<AnalysisPanel projectId="p1" />);
    await user.click(screen.getByRole('button', { name: 'Generate Case Summary' }));
    await screen.findByText('Summary text.');
    await user.click(screen.getByRole('button', { name: /Download PDF of the case summary/ }));
    const summary = screen.getByRole('region', { name: 'Case Summary' });
    expect(await within(summary).findByText('Failed to download PDF.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Liability Analysis' })).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a spinner state on the generate button while loading', async () => {
    const user = userEvent.setup();
    mockFetch({ 'POST /api/generate_liability_analysis/': () => pendingForever() });
    render(<AnalysisPanel projectId="p1" />);
    await user.click(screen.getByRole('button', { name: 'Generate Liability Analysis' }));
    expect(screen.getByRole('button', { name: 'Generate Liability Analysis' })).toBeDisabled();
    expect(screen.getByRole('region', { name: 'Liability Analysis result' })).toHaveAttribute('aria-busy', 'true');
  });
});
