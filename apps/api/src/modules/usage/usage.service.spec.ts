import { Logger } from '@nestjs/common';
import { Clock } from '@api/modules/common/clock';
import { NOW } from '@test/utils/entities';
import { automock } from '@test/utils/strict';
import { UsageRepository } from './usage.repository';
import { UsageService } from './usage.service';

const PERSON = { id: 'user-1', firmId: 'firm-1' };
const DAY = NOW.toISOString().slice(0, 10);

function setup() {
  const usage = automock(UsageRepository);
  const clock = automock(Clock);
  clock.now.mockReturnValue(NOW);
  const sut = new UsageService(usage, clock);
  return { sut, usage };
}

describe(UsageService.name, () => {
  describe('count', () => {
    it('writes nothing when nothing was used', async () => {
      const { sut } = setup();
      // The repository's add is not mocked: a write would throw.
      await expect(sut.count(PERSON, {})).resolves.toBeUndefined();
      await expect(sut.count(PERSON, { questions: 0, inputTokens: undefined })).resolves.toBeUndefined();
    });

    it('adds only the positive counters, rounded, to the person’s row of the day', async () => {
      const { sut, usage } = setup();
      usage.add.mockResolvedValue();
      await sut.count(PERSON, { questions: 1, uploads: 0, inputTokens: 10.6, outputTokens: 3 });
      expect(usage.add).toHaveBeenCalledTimes(1);
      expect(usage.add).toHaveBeenCalledWith(PERSON, DAY, [
        ['questions', 1],
        ['inputTokens', 11],
        ['outputTokens', 3],
      ]);
    });

    it('logs a failed count and never fails the work it counts', async () => {
      const { sut, usage } = setup();
      const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      usage.add.mockRejectedValue(new Error('database gone'));
      await expect(sut.count(PERSON, { uploads: 1 })).resolves.toBeUndefined();
      expect(warn).toHaveBeenCalledWith('Usage of user-1 not counted: database gone');
    });
  });

  describe('list', () => {
    it('hands the firm and the page to the repository and returns its rows and total', async () => {
      const { sut, usage } = setup();
      usage.page.mockResolvedValue({ rows: [], total: 7 });
      const page = { sort: 'questions', order: 'DESC', offset: 20, limit: 10, userId: 'user-2' } as const;
      await expect(sut.list('firm-1', page)).resolves.toEqual({ rows: [], total: 7 });
      expect(usage.page).toHaveBeenCalledWith('firm-1', page);
    });
  });
});
