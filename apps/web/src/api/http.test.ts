import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../test/fetch-mock';
import { ApiError, requestJson, requestMultipart, setUnauthorizedHandler } from './http';
import { listProjects, parseProjectList } from './projects';

describe('http client', () => {
  it('sends the bearer token, the XSRF header and credentials', async () => {
    window.localStorage.setItem('token', 'jwt-9');
    document.cookie = 'XSRF-TOKEN=abc%3D123; path=/';
    const api = mockFetch({ 'GET /api/projects/': () => json(200, []) });
    await requestJson('GET', '/api/projects/');
    const [request] = api.requests;
    expect(request.headers.get('Authorization')).toBe('Bearer jwt-9');
    expect(request.headers.get('X-XSRF-TOKEN')).toBe('abc=123');
    expect(request.credentials).toBe('include');
  });

  it('sends no Authorization header without a stored token', async () => {
    const api = mockFetch({ 'POST /api/login/': () => json(200, { token: 't' }) });
    await requestJson('POST', '/api/login/', { email: 'a@b.c', password: 'x' });
    expect(api.requests[0].headers.has('Authorization')).toBe(false);
    expect(api.requests[0].headers.get('Content-Type')).toBe('application/json');
  });

  it('lets the browser set the multipart boundary', async () => {
    window.localStorage.setItem('token', 'jwt');
    const api = mockFetch({ 'POST /api/upload/': () => json(201, {}) });
    const form = new FormData();
    form.append('project_id', 'p1');
    await requestMultipart('/api/upload/', form);
    expect(api.requests[0].headers.has('Content-Type')).toBe(false);
    expect(api.requests[0].headers.get('Authorization')).toBe('Bearer jwt');
    expect(api.requests[0].form?.get('project_id')).toBe('p1');
  });

  it('clears the token and calls the handler on a 401 to a call that carried a token', async () => {
    window.localStorage.setItem('token', 'old');
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    mockFetch({ 'GET /api/projects/': () => json(401, { statusCode: 401, detail: 'Token expired', error: 'Unauthorized' }) });
    await expect(requestJson('GET', '/api/projects/')).rejects.toMatchObject({ status: 401, detail: 'Token expired' });
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(handler).toHaveBeenCalledTimes(1);
    setUnauthorizedHandler(null);
  });

  it('does not treat a 401 without a token (a wrong password) as an expired session', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    mockFetch({ 'POST /api/login/': () => json(401, { statusCode: 401, detail: 'Invalid credentials' }) });
    await expect(requestJson('POST', '/api/login/', {})).rejects.toBeInstanceOf(ApiError);
    expect(handler).not.toHaveBeenCalled();
    setUnauthorizedHandler(null);
  });

  it('tells a missing response apart from an error response', async () => {
    mockFetch({ 'GET /api/a/': () => new TypeError('Failed to fetch'), 'GET /api/b/': () => json(503, {}) });
    await expect(requestJson('GET', '/api/a/')).rejects.toMatchObject({ kind: 'network', message: 'Failed to fetch' });
    await expect(requestJson('GET', '/api/b/')).rejects.toMatchObject({
      kind: 'response',
      message: 'Request failed with status code 503',
    });
  });
});

describe('parseProjectList', () => {
  it('accepts a bare array or a projects object and reads id or _id', () => {
    expect(parseProjectList([{ _id: 'a', name: 'A' }])).toEqual([{ id: 'a', name: 'A', description: undefined }]);
    expect(parseProjectList({ projects: [{ id: 7, name: 'B', description: 'd' }] })).toEqual([
      { id: '7', name: 'B', description: 'd' },
    ]);
  });

  it.each([null, 'x', {}, { projects: 'no' }, [{ name: 'no id' }], [{ id: 'a' }]])('rejects %j', (data) => {
    expect(() => parseProjectList(data)).toThrow('Invalid projects data from server.');
  });

  it('is what listProjects returns', async () => {
    mockFetch({ 'GET /api/projects/': () => json(200, { projects: [{ id: 'p', name: 'P' }] }) });
    await expect(listProjects()).resolves.toEqual([{ id: 'p', name: 'P', description: undefined }]);
  });
});
