import type { Response } from 'express';
import { BadRequestError } from '@api/modules/common/app-error';

/**
 * The list dialect of ra-data-simple-rest: `sort=["field","ASC"]`, `range=[0,24]` (inclusive) and
 * `filter={"field":value}` as JSON query parameters; the answer carries `Content-Range: <resource> 0-24/<total>`.
 */
export interface ListQuery<F extends string> {
  sort: { field: F; order: 'ASC' | 'DESC' };
  /** Zero-based, inclusive at both ends, as the console sends it. */
  range: { start: number; end: number };
  filter: Record<string, unknown>;
}

export interface RawListQuery {
  sort?: string;
  range?: string;
  filter?: string;
}

/** The longest page the console may ask for. */
export const MAX_PAGE = 500;

function parseJson(name: string, raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new BadRequestError(`The ${name} parameter is not valid JSON.`);
  }
}

/** Reads the three parameters, refusing any field the resource does not list, with a clear 400. */
export function parseListQuery<F extends string>(raw: RawListQuery, sortable: readonly F[], defaultSort: F, filterable: readonly string[]): ListQuery<F> {
  let sort: ListQuery<F>['sort'] = { field: defaultSort, order: 'DESC' };
  if (raw.sort !== undefined) {
    const value = parseJson('sort', raw.sort);
    if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string' || (value[1] !== 'ASC' && value[1] !== 'DESC')) {
      throw new BadRequestError('The sort parameter must be ["field","ASC"] or ["field","DESC"].');
    }
    if (!sortable.includes(value[0] as F)) throw new BadRequestError(`Cannot sort by "${value[0]}". Sortable fields: ${sortable.join(', ')}.`);
    sort = { field: value[0] as F, order: value[1] };
  }
  let range = { start: 0, end: 24 };
  if (raw.range !== undefined) {
    const value = parseJson('range', raw.range);
    const valid = Array.isArray(value) && value.length === 2 && value.every((n) => Number.isSafeInteger(n) && (n as number) >= 0) && (value[0] as number) <= (value[1] as number);
    if (!valid) throw new BadRequestError('The range parameter must be [first,last] with 0 ≤ first ≤ last.');
    range = { start: value[0] as number, end: Math.min(value[1] as number, (value[0] as number) + MAX_PAGE - 1) };
  }
  let filter: Record<string, unknown> = {};
  if (raw.filter !== undefined) {
    const value = parseJson('filter', raw.filter);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new BadRequestError('The filter parameter must be a JSON object.');
    const unknown = Object.keys(value).filter((key) => !filterable.includes(key));
    if (unknown.length > 0) throw new BadRequestError(`Cannot filter by "${unknown[0]}". Filters: ${filterable.join(', ') || 'none'}.`);
    filter = value as Record<string, unknown>;
  }
  return { sort, range, filter };
}

/** Sets the header the console pages with, and lets a browser on another origin read it. */
export function setContentRange(response: Response, resource: string, query: ListQuery<string>, returned: number, total: number): void {
  const end = returned === 0 ? query.range.start : query.range.start + returned - 1;
  response.setHeader('Content-Range', `${resource} ${query.range.start}-${end}/${total}`);
  response.setHeader('Access-Control-Expose-Headers', 'Content-Range');
}

/** A filter value that must be a string, or a clear 400. */
export function stringFilter(filter: Record<string, unknown>, key: string): string | undefined {
  const value = filter[key];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new BadRequestError(`The "${key}" filter must be text.`);
  return value;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A filter value that must be an id, or a clear 400 (never a database error). */
export function uuidFilter(filter: Record<string, unknown>, key: string): string | undefined {
  const value = stringFilter(filter, key);
  if (value !== undefined && !UUID.test(value)) throw new BadRequestError(`The "${key}" filter must be an id (a UUID).`);
  return value;
}

/** `{"id": [...]}`, as react-admin's getMany sends it: a list of at most one page of ids. */
export function uuidListFilter(filter: Record<string, unknown>, key: string): string[] | undefined {
  const value = filter[key];
  if (value === undefined) return undefined;
  const list = Array.isArray(value) ? value : [value];
  if (list.length > MAX_PAGE || !list.every((id): id is string => typeof id === 'string' && UUID.test(id))) {
    throw new BadRequestError(`The "${key}" filter must be an id or a list of at most ${MAX_PAGE} ids (UUIDs).`);
  }
  return list;
}

/** The page the range asks for, as an offset and a row count. */
export function offsetLimit(query: ListQuery<string>): { offset: number; limit: number } {
  return { offset: query.range.start, limit: query.range.end - query.range.start + 1 };
}
