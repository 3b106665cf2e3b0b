import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/** Narrows a query to rows whose column holds `text`, case-insensitively, with `%`, `_` and `\` taken literally. */
export function whereContains<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, column: string, text: string | undefined): SelectQueryBuilder<T> {
  if (!text) return query;
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return query.andWhere(`${column} ILIKE :contains ESCAPE '\\'`, { contains: pattern });
}
