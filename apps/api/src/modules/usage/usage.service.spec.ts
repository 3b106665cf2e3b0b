import { Logger } from '@nestjs/common';
import { DataSource, Repository, SelectQueryBuilder } from 'typeorm';
import { Clock } from '@api/modules/common/clock';
import { NOW } from '@test/utils/entities';
import { automock } from '@test/utils/strict';
import { UsageDailyEntity } from './usage.entity';
import { UsageService } from './usage.service';

const PERSON = { id: 'user-1', firmId: 'firm-1' };
const DAY = NOW.toISOString().slice(0, 10);

/** The service reaches the database through TypeORM's DataSource itself, so that is what is mocked. */
function setup() {
  const query = automock<SelectQueryBuilder<UsageDailyEntity>>(SelectQueryBuilder);
  for (const step of ['where', 'andWhere', 'orderBy', 'addOrderBy', 'skip', 'take'] as const) query[step].mockReturnValue(query);
  const rows = automock<Repository<UsageDailyEntity>>(Repository, { createQueryBuilder: () => query });
  const dataSource = automock(DataSource, { getRepository: (() => rows) as DataSource['getRepository'] });
  const clock = automock(Clock);
  clock.now.mockReturnValue(NOW);
  const sut = new UsageService(dataSource, clock);
  return { sut, dataSource, rows, query };
}

describe(UsageService.name, () => {
  it('reads its counters from the usage table', () => {
    const { dataSource } = setup();
    expect(dataSource.getRepository).toHaveBeenCalledWith(UsageDailyEntity);
  });

  describe('count', () => {
    it('writes nothing when nothing was used', async () => {
      const { sut } = setup();
      // The DataSource's query is not mocked: a write would throw.
      await expect(sut.count(PERSON, {})).resolves.toBeUndefined();
      await expect(sut.count(PERSON, { questions: 0, inputTokens: undefined })).resolves.toBeUndefined();
    });

    it('adds only the positive counters, rounded, to the person’s row of the day', async () => {
      const { sut, dataSource } = setup();
      dataSource.query.mockResolvedValue([]);
      await sut.count(PERSON, { questions: 1, uploads: 0, inputTokens: 10.6, outputTokens: 3 });
      expect(dataSource.query).toHaveBeenCalledTimes(1);
      const [sql, parameters] = dataSource.query.mock.calls[0];
      expect(parameters).toEqual([PERSON.firmId, PERSON.id, DAY, 1, 11, 3]);
      expect(sql.replace(/\s+/g, ' ')).toBe(
        'INSERT INTO usage_daily (firm_id, user_id, day, questions, input_tokens, output_tokens) VALUES ($1, $2, $3, $4, $5, $6) ' +
          'ON CONFLICT (user_id, day) DO UPDATE SET questions = usage_daily.questions + EXCLUDED.questions, ' +
          'input_tokens = usage_daily.input_tokens + EXCLUDED.input_tokens, output_tokens = usage_daily.output_tokens + EXCLUDED.output_tokens',
      );
    });

    it('logs a failed count and never fails the work it counts', async () => {
      const { sut, dataSource } = setup();
      const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      dataSource.query.mockRejectedValue(new Error('database gone'));
      await expect(sut.count(PERSON, { uploads: 1 })).resolves.toBeUndefined();
      expect(warn).toHaveBeenCalledWith('Usage of user-1 not counted: database gone');
    });
  });

  describe('list', () => {
    it('filters by firm only when no person or dates are given, and pages in the order asked for', async () => {
      const { sut, query } = setup();
      query.getManyAndCount.mockResolvedValue([[], 0]);
      await expect(sut.list('firm-1', { sort: 'questions', order: 'DESC', offset: 20, limit: 10 })).resolves.toEqual({ rows: [], total: 0 });
      expect(query.where).toHaveBeenCalledWith('u.firm_id = :firmId', { firmId: 'firm-1' });
      expect(query.andWhere).not.toHaveBeenCalled();
      expect(query.orderBy).toHaveBeenCalledWith('u.questions', 'DESC');
      expect(query.addOrderBy).toHaveBeenCalledWith('u.user_id', 'ASC');
      expect(query.skip).toHaveBeenCalledWith(20);
      expect(query.take).toHaveBeenCalledWith(10);
    });

    it('narrows to a person and a date range when given', async () => {
      const { sut, query } = setup();
      query.getManyAndCount.mockResolvedValue([[], 0]);
      await sut.list('firm-1', { sort: 'day', order: 'ASC', offset: 0, limit: 10, userId: 'user-2', from: '2025-01-01', to: '2025-01-31' });
      expect(query.andWhere.mock.calls).toEqual([
        ['u.user_id = :userId', { userId: 'user-2' }],
        ['u.day >= :from', { from: '2025-01-01' }],
        ['u.day <= :to', { to: '2025-01-31' }],
      ]);
    });
  });
});
