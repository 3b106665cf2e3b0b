import simpleRestProvider from 'ra-data-simple-rest';
import { type DataProvider, fetchUtils, HttpError, type RaRecord, type UpdateParams } from 'react-admin';
import { errorText } from './api';
import { getToken } from './session';

const API_URL = '/api/admin';

/** fetchJson with the bearer token, and the API's `detail` as the error a person reads. */
async function httpClient(url: string, options: fetchUtils.Options = {}): ReturnType<typeof fetchUtils.fetchJson> {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  try {
    return await fetchUtils.fetchJson(url, { ...options, headers });
  } catch (error) {
    if (error instanceof HttpError) throw new HttpError(errorText(error.status, error.body), error.status, error.body);
    throw error;
  }
}

/** Only what the form changed: the API refuses to be told a record's read-only fields. */
function changedFields<T extends RaRecord>(params: UpdateParams<T>): Partial<T> {
  const previous = (params.previousData ?? {}) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(params.data).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(previous[key]))) as Partial<T>;
}

const base = simpleRestProvider(API_URL, httpClient);

/**
 * ra-data-simple-rest on `/api/admin`: lists with `sort`, `range`, `filter` and `Content-Range`; an update
 * sends the changed fields only. Calls outside that dialect (retry, walls, verify, export, settings) go
 * through the generated client.
 */
export const dataProvider: DataProvider = {
  ...base,
  update: (resource, params) => base.update(resource, { ...params, data: changedFields(params) }),
};
