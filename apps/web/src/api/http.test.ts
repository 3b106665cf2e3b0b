import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../test/fetch-mock';
import { downloadReport } from './analysis';
import { login } from './auth';
import { listFiles, uploadFile } from './documents';
import { ApiError, setUnauthorizedHandler } from './http';
import { listProjects, parseProjectList } from './projects';

describe('http client', () => {
  it('sends the bearer token, the XSRF header and credentials', async () => {
    window.localStorage.setItem('token', 'jwt-9');
    document.cookie = 'XSRF-TOKEN=abc%3D123; path=/';
    const api = mockFetch({ 'GET /api/projects/': () => json(200, []) });
    await listProjects();
    const [request] = api.requests;
    expect(request.headers.get('Authorization')).toBe('Bearer jwt-9');
    expect(request.headers.get('X-XSRF-TOKEN')).toBe('abc=123');
    expect(request.credentials).toBe('include');
  });

  it('sends no Authorization header without a stored token', async () => {
    const api = mockFetch({ 'POST /api/login/': () => json(200, { token: 't' }) });
    await login({ email: 'a@b.c', password: 'x' });
    expect(api.requests[0].json).toEqual({ email: 'a@b.c', password: 'x' });
    expect(api.requests[0].headers.has('Authorization')).toBe(false);
    expect(api.requests[0].headers.get('Content-Type')).toBe('application/json');
  });

  it('uploads as multipart with the boundary chosen by the platform, not a JSON body', async () => {
    window.localStorage.setItem('token', 'jwt');
    const api = mockFetch({ 'POST /api/upload/': () => json(201, {}) });
    await uploadFile('p1', new File(['%PDF-1.4'], 'msa.pdf', { type: 'application/pdf' }));
    expect(api.requests[0].headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=\S+$/);
    expect(api.requests[0].headers.get('Authorization')).toBe('Bearer jwt');
    expect(api.requests[0].form?.get('project_id')).toBe('p1');
  });

  it('clears the token and calls the handler on a 401 to a call that carried a token', async () => {
    window.localStorage.setItem('token', 'old');
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    mockFetch({ 'GET /api/projects/': () => json(401, { statusCode: 401, detail: 'Token expired', error: 'Unauthorized' }) });
    await expect(listProjects()).rejects.toMatchObject({ status: 401, detail: 'Token expired' });
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(handler).toHaveBeenCalledTimes(1);
    setUnauthorizedHandler(null);
  });

  it('does not treat a 401 without a token (a wrong password) as an expired session', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    mockFetch({ 'POST /api/login/': () => json(401, { statusCode: 401, detail: 'Invalid credentials' }) });
    await expect(login({ email: 'a@b.c', password: 'wrong' })).rejects.toBeInstanceOf(ApiError);
    expect(handler).not.toHaveBeenCalled();
    setUnauthorizedHandler(null);
  });

  it('tells a missing response apart from an error response', async () => {
    mockFetch({ 'GET /api/projects/': () => new TypeError('Failed to fetch'), 'GET /api/projects/p1/files/': () => json(503, {}) });
    await expect(listProjects()).rejects.toMatchObject({ kind: 'network', message: 'Failed to fetch' });
    await expect(listFiles('p1')).rejects.toMatchObject({
      kind: 'response',
      message: 'Request failed with status code 503',
    });
  });
});

describe('report downloads', () => {
  it('asks for the PDF without a format and for Word with format=docx, and returns the bytes', async () => {
    window.localStorage.setItem('token', 'jwt');
    const api = mockFetch({
      'GET /api/download/case-summary-pdf/?project_id=p1': () => new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
      'GET /api/download/liability-analysis-pdf/?project_id=p1&format=docx': () => new Response('PK', { status: 200 }),
    });
    const pdf = await downloadReport('case-summary', 'p1', 'pdf');
    expect(await pdf.text()).toBe('%PDF-1.7');
    const docx = await downloadReport('liability-analysis', 'p1', 'docx');
    expect(await docx.text()).toBe('PK');
    expect(api.requests.map((request) => request.path)).toEqual([
      '/api/download/case-summary-pdf/?project_id=p1',
      '/api/download/liability-analysis-pdf/?project_id=p1&format=docx',
    ]);
    expect(api.requests.every((request) => request.headers.get('Authorization') === 'Bearer jwt')).toBe(true);
  });

  it('reads the error body of a failed download', async () => {
    mockFetch({ 'GET /api/download/case-summary-pdf/': () => json(404, { statusCode: 404, detail: 'Generate the case summary first.' }) });
    await expect(downloadReport('case-summary', 'p1', 'pdf')).rejects.toMatchObject({ status: 404, detail: 'Generate the case summary first.' });
  });
});

describe('parseProjectList', () => {
  it('accepts a bare array or a projects object and reads id or _id', () => {
    expect(parseProjectList([{ _id: 'a', name: 'A' }])).toEqual([{ id: 'a', name: 'A', description: undefined, role: 'owner' }]);
    expect(parseProjectList({ projects: [{ id: 7, name: 'B', description: 'd', role: 'viewer' }] })).toEqual([
      { id: '7', name: 'B', description: 'd', role: 'viewer' },
    ]);
  });

  it.each([null, 'x', {}, { projects: 'no' }, [{ name: 'no id' }], [{ id: 'a' }]])('rejects %j', (data) => {
    expect(() => parseProjectList(data)).toThrow('Invalid projects data from server.');
  });

  it('is what listProjects returns', async () => {
    mockFetch({ 'GET /api/projects/': () => json(200, { projects: [{ id: 'p', name: 'P' }] }) });
    await expect(listProjects()).resolves.toEqual([{ id: 'p', name: 'P', description: undefined, role: 'owner' }]);
  });
});
