import { DataSource, Repository, SelectQueryBuilder } from 'typeorm';
import { automock } from '@test/utils/strict';
import { UsageDailyEntity } from './usage.entity';
import { UsageRepository } from './usage.repository';

const PERSON = { id: 'user-1', firmId: 'firm-1' };

/** The repository is the adapter over TypeORM, so TypeORM's DataSource is what is mocked here. */
function setup() {
  const query = automock<SelectQueryBuilder<UsageDailyEntity>>(SelectQueryBuilder);
  for (const step of ['where', 'andWhere', 'orderBy', 'addOrderBy', 'skip', 'take'] as const) query[step].mockReturnValue(query);
  const rows = automock<Repository<UsageDailyEntity>>(Repository, { createQueryBuilder: () => query });
  const dataSource = automock(DataSource, { getRepository: (() => rows) as DataSource['getRepository'] });
  const sut = new UsageRepository(dataSource);
  return { sut, dataSource, query };
}

describe(UsageRepository.name, () => {
  it('reads its counters from the usage table', () => {
    const { dataSource } = setup();
    expect(dataSource.getRepository).toHaveBeenCalledWith(UsageDailyEntity);
  });

  it('adds the amounts to the person’s row of the day in one upsert', async () => {
    const { sut, dataSource } = setup();
    dataSource.query.mockResolvedValue([]);
    await sut.add(PERSON, '2025-01-02', [
      ['questions', 1],
      ['inputTokens', 11],
      ['outputTokens', 3],
    ]);
    expect(dataSource.query).toHaveBeenCalledTimes(1);
    const [sql, parameters] = dataSource.query.mock.calls[0];
    expect(parameters).toEqual([PERSON.firmId, PERSON.id, '2025-01-02', 1, 11, 3]);
    expect(sql.replace(/\s+/g, ' ')).toBe(
      'INSERT INTO usage_daily (firm_id, user_id, day, questions, input_tokens, output_tokens) VALUES ($1, $2, $3, $4, $5, $6) ' +
        'ON CONFLICT (user_id, day) DO UPDATE SET questions = usage_daily.questions + EXCLUDED.questions, ' +
        'input_tokens = usage_daily.input_tokens + EXCLUDED.input_tokens, output_tokens = usage_daily.output_tokens + EXCLUDED.output_tokens',
    );
  });

  it('passes a failed write on to the caller', async () => {
    const { sut, dataSource } = setup();
    dataSource.query.mockRejectedValue(new Error('database gone'));
    await expect(sut.add(PERSON, '2025-01-02', [['uploads', 1]])).rejects.toThrow('database gone');
  });

  describe('page', () => {
    it('filters by firm only when no person or dates are given, and pages in the order asked for', async () => {
      const { sut, query } = setup();
      query.getManyAndCount.mockResolvedValue([[], 0]);
      await expect(sut.page('firm-1', { sort: 'questions', order: 'DESC', offset: 20, limit: 10 })).resolves.toEqual({ rows: [], total: 0 });
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
      await sut.page('firm-1', { sort: 'day', order: 'ASC', offset: 0, limit: 10, userId: 'user-2', from: '2025-01-01', to: '2025-01-31' });
      expect(query.andWhere.mock.calls).toEqual([
        ['u.user_id = :userId', { userId: 'user-2' }],
        ['u.day >= :from', { from: '2025-01-01' }],
        ['u.day <= :to', { to: '2025-01-31' }],
      ]);
    });
  });
});
