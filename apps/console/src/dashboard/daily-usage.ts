import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { utcDay } from '../common/dates';
import type { Schemas } from '../providers/api';

export interface DayTotals {
  day: string;
  pages: number;
  questions: number;
}

const PAGE = 500;

/** The last `days` days (UTC), oldest first, each with the firm's pages read and questions asked; days without use are 0. */
export function useDailyUsage(days = 30): { data: DayTotals[] | null; error: string | null } {
  const dataProvider = useDataProvider();
  const [data, setData] = useState<DayTotals[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    const from = utcDay(days - 1);
    (async () => {
      const totals = new Map<string, DayTotals>();
      for (let i = days - 1; i >= 0; i -= 1) totals.set(utcDay(i), { day: utcDay(i), pages: 0, questions: 0 });
      for (let page = 1; ; page += 1) {
        const { data: rows, total } = await dataProvider.getList<Schemas['UsageRowDto']>('usage', {
          pagination: { page, perPage: PAGE },
          sort: { field: 'day', order: 'ASC' },
          filter: { from },
        });
        for (const row of rows) {
          const day = totals.get(row.day);
          if (!day) continue;
          day.pages += row.pages;
          day.questions += row.questions;
        }
        if (rows.length < PAGE || page * PAGE >= (total ?? 0)) break;
      }
      if (!cancelled) setData([...totals.values()]);
    })().catch((cause: unknown) => {
      if (!cancelled) setError(cause instanceof Error ? cause.message : 'Usage could not be loaded.');
    });
    return () => {
      cancelled = true;
    };
  }, [dataProvider, days]);

  return { data, error };
}
