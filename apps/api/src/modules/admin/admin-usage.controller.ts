import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '@api/modules/auth/auth.types';
import { CurrentUser } from '@api/modules/auth/current-user.decorator';
import { UsersService } from '@api/modules/auth/users.service';
import { ApiErrors } from '@api/modules/common/api-errors.decorator';
import { BadRequestError } from '@api/modules/common/app-error';
import { UsageService } from '@api/modules/usage/usage.service';
import { ApiListQuery } from './admin-projects.controller';
import { FirmAdminGuard } from './firm-admin.guard';
import { offsetLimit, parseListQuery, RawListQuery, setContentRange, stringFilter, uuidFilter } from './simple-rest';

export class UsageRowDto {
  @ApiProperty({ example: '3f1c9a52-7d4e-4b8a-9c11-2e6f0b7d5a34:2026-03-02', description: 'The person and the day.' })
  id: string;

  @ApiProperty({ format: 'uuid', example: '3f1c9a52-7d4e-4b8a-9c11-2e6f0b7d5a34' })
  user_id: string;

  @ApiProperty({ example: 'associate@firm.example' })
  email: string;

  @ApiProperty({ format: 'date', example: '2026-03-02', description: 'The day (UTC).' })
  day: string;

  @ApiProperty({ example: 14 })
  questions: number;

  @ApiProperty({ example: 3 })
  uploads: number;

  @ApiProperty({ example: 57, description: 'Pages of the documents this person uploaded that were read that day.' })
  pages: number;

  @ApiProperty({ example: 1 })
  reports: number;

  @ApiProperty({ example: 120500, description: 'Model input tokens (0 on the offline engine).' })
  input_tokens: number;

  @ApiProperty({ example: 8200, description: 'Model output tokens (0 on the offline engine).' })
  output_tokens: number;
}

const SORTABLE = ['day', 'questions', 'uploads', 'pages', 'reports'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function dateFilter(filter: Record<string, unknown>, key: string): string | undefined {
  const value = stringFilter(filter, key);
  if (value !== undefined && (!DATE.test(value) || Number.isNaN(Date.parse(value)))) throw new BadRequestError(`The "${key}" filter must be a date such as 2026-03-02.`);
  return value;
}

/** What the firm's people used, per person and per day, for the console's usage page. */
@ApiTags('admin')
@ApiBearerAuth('bearer')
@UseGuards(FirmAdminGuard)
@Controller('admin/usage')
export class AdminUsageController {
  constructor(
    private readonly usage: UsageService,
    private readonly people: UsersService,
  ) {}

  @Get()
  @ApiOperation({
    summary: "List the firm's usage",
    description: 'Questions, uploads, pages read, reports and model tokens per person and per day (UTC), newest day first. Counters survive deleted chats and matters.',
  })
  @ApiListQuery('user_id, from and to (dates, inclusive)')
  @ApiOkResponse({ type: [UsageRowDto] })
  @ApiErrors(400, 401, 403)
  async listUsage(@CurrentUser() admin: AuthUser, @Query() raw: RawListQuery, @Res({ passthrough: true }) response: Response): Promise<UsageRowDto[]> {
    const query = parseListQuery(raw, SORTABLE, 'day', ['user_id', 'from', 'to']);
    const { rows, total } = await this.usage.list(admin.firmId, {
      sort: query.sort.field,
      order: query.sort.order,
      ...offsetLimit(query),
      userId: uuidFilter(query.filter, 'user_id'),
      from: dateFilter(query.filter, 'from'),
      to: dateFilter(query.filter, 'to'),
    });
    setContentRange(response, 'usage', query, rows.length, total);
    const people = await this.people.findMany(rows.map((row) => row.userId));
    return rows.map((row) => ({
      id: `${row.userId}:${row.day}`,
      user_id: row.userId,
      email: people.get(row.userId)?.email ?? '',
      day: row.day,
      questions: row.questions,
      uploads: row.uploads,
      pages: row.pages,
      reports: row.reports,
      input_tokens: row.inputTokens,
      output_tokens: row.outputTokens,
    }));
  }
}
