import { Controller, Get, Param, ParseUUIDPipe, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { type AuditFilter, AuditRepository } from '@api/modules/audit/audit.repository';
import type { AuthUser } from '@api/modules/auth/auth.types';
import { CurrentUser } from '@api/modules/auth/current-user.decorator';
import { ApiErrors } from '@api/modules/common/api-errors.decorator';
import { BadRequestError, NotFoundError } from '@api/modules/common/app-error';
import { ApiListQuery } from './admin-projects.controller';
import { FirmAdminGuard } from './firm-admin.guard';
import { ListQuery, offsetLimit, parseListQuery, RawListQuery, setContentRange, stringFilter, uuidFilter } from './simple-rest';

export class AuditEventDto {
  @ApiProperty({ format: 'uuid', example: '0b6f1c2e-3d4a-4b5c-8d7e-9f0a1b2c3d4e' })
  id: string;

  @ApiProperty({ example: 42, description: "The event's place in the firm's chain." })
  seq: number;

  @ApiProperty({ nullable: true, type: String, format: 'uuid', example: '3f1c9a52-7d4e-4b8a-9c11-2e6f0b7d5a34' })
  actor_id: string | null;

  @ApiProperty({ example: 'auth.login', description: 'Dotted action: auth.*, user.*, project.*, wall.*, document.*, report.*, settings.*' })
  action: string;

  @ApiProperty({ nullable: true, type: String, example: 'document' })
  target_type: string | null;

  @ApiProperty({ nullable: true, type: String, example: '5d7c1e2a-9b3f-4a6d-8e1c-2f3a4b5c6d7e' })
  target_id: string | null;

  @ApiProperty({ nullable: true, type: String, example: 'associate@firm.example' })
  email: string | null;

  @ApiProperty({ nullable: true, type: String, example: '203.0.113.7' })
  ip: string | null;

  @ApiProperty({ format: 'date-time', example: '2026-03-02T09:00:00.000Z' })
  at: string;

  @ApiProperty({ type: Object, example: { projectId: '8b2e4f10-5c3a-4d7e-9f61-0a1b2c3d4e5f' } })
  details: Record<string, unknown>;

  @ApiProperty({ example: '', description: "The previous event's hash ('' for the first)." })
  prev_hash: string;

  @ApiProperty({ example: '9f2c…', description: 'SHA-256 over the previous hash and this event.' })
  hash: string;
}

export class ChainVerdictDto {
  @ApiProperty({ example: true })
  ok: boolean;

  @ApiProperty({ example: 1284, description: 'Events checked before the first break, or all of them.' })
  count: number;

  @ApiProperty({ nullable: true, type: String, format: 'uuid', example: null, description: 'The first event whose hash or link does not hold.' })
  first_bad_id: string | null;
}

const FILTERS = ['actor_id', 'action', 'target_type', 'target_id', 'from', 'to'];
const eventIdPipe = new ParseUUIDPipe({ exceptionFactory: () => new BadRequestError('The event id is not valid: it must be a UUID.') });

function dateFilter(filter: Record<string, unknown>, key: string): Date | undefined {
  const value = stringFilter(filter, key);
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new BadRequestError(`The "${key}" filter must be a date or a date and time (ISO 8601).`);
  return date;
}

function toFilter(query: ListQuery<string>): AuditFilter {
  return {
    actorId: uuidFilter(query.filter, 'actor_id'),
    action: stringFilter(query.filter, 'action'),
    targetType: stringFilter(query.filter, 'target_type'),
    targetId: stringFilter(query.filter, 'target_id'),
    from: dateFilter(query.filter, 'from'),
    to: dateFilter(query.filter, 'to'),
  };
}

/** A CSV cell: quoted, and defused when a spreadsheet would read it as a formula. */
function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

const CSV_COLUMNS: (keyof AuditEventDto)[] = ['seq', 'at', 'id', 'actor_id', 'email', 'action', 'target_type', 'target_id', 'ip', 'details', 'prev_hash', 'hash'];

/** The firm's tamper-evident audit trail: who did what, filtered, verified, exported. */
@ApiTags('admin')
@ApiBearerAuth('bearer')
@UseGuards(FirmAdminGuard)
@Controller('admin/audit-events')
export class AdminAuditController {
  constructor(private readonly audit: AuditRepository) {}

  @Get()
  @ApiOperation({ summary: "List the firm's audit events", description: 'In chain order (sort by seq or at: both follow the chain), newest first by default; the Content-Range header gives the total.' })
  @ApiListQuery('actor_id, action (exact, or a prefix ending in a dot such as "auth."), target_type, target_id, from, to')
  @ApiOkResponse({ type: [AuditEventDto] })
  @ApiErrors(400, 401, 403)
  async listAuditEvents(@CurrentUser() admin: AuthUser, @Query() raw: RawListQuery, @Res({ passthrough: true }) response: Response): Promise<AuditEventDto[]> {
    const query = parseListQuery(raw, ['seq', 'at'] as const, 'seq', FILTERS);
    const { rows, total } = await this.audit.page(admin.firmId, toFilter(query), {
      order: query.sort.order,
      ...offsetLimit(query),
    });
    setContentRange(response, 'audit-events', query, rows.length, total);
    return rows.map(mapEvent);
  }

  @Get('verify')
  @ApiOperation({
    summary: "Verify the firm's audit chain",
    description: 'Recomputes every event hash in order and checks each link to the one before and the chain head; names the first event that does not hold.',
  })
  @ApiOkResponse({ type: ChainVerdictDto })
  @ApiErrors(401, 403)
  verifyAuditChain(@CurrentUser() admin: AuthUser): Promise<ChainVerdictDto> {
    return this.audit.verify(admin.firmId);
  }

  @Get('export.csv')
  @ApiOperation({ summary: "Export the firm's audit events as CSV", description: 'The same filters as the list, oldest first, every matching event; cells that a spreadsheet would run as formulas are defused.' })
  @ApiListQuery('as the list')
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'CSV with a header row', content: { 'text/csv': { schema: { type: 'string' } } } })
  @ApiErrors(400, 401, 403)
  async exportAuditEvents(@CurrentUser() admin: AuthUser, @Query() raw: RawListQuery, @Res({ passthrough: true }) response: Response): Promise<string> {
    const query = parseListQuery({ filter: raw.filter }, ['seq'] as const, 'seq', FILTERS);
    const filter = toFilter(query);
    // Set once the request is known to be good, so an error keeps the JSON error shape.
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader('Content-Disposition', 'attachment; filename="audit-events.csv"');
    const lines = [CSV_COLUMNS.join(',')];
    for (let offset = 0; ; offset += 1000) {
      const { rows } = await this.audit.page(admin.firmId, filter, { order: 'ASC', offset, limit: 1000 });
      for (const row of rows.map(mapEvent)) lines.push(CSV_COLUMNS.map((column) => csvCell(row[column])).join(','));
      if (rows.length < 1000) break;
    }
    return `${lines.join('\r\n')}\r\n`;
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get one audit event', description: 'Another firm’s event answers 404.' })
  @ApiOkResponse({ type: AuditEventDto })
  @ApiErrors(400, 401, 403, 404)
  async getAuditEvent(@CurrentUser() admin: AuthUser, @Param('id', eventIdPipe) id: string): Promise<AuditEventDto> {
    const event = await this.audit.findInFirm(admin.firmId, id);
    if (!event) throw new NotFoundError('Audit event not found.');
    return mapEvent(event);
  }
}

function mapEvent(event: Awaited<ReturnType<AuditRepository['list']>>[number]): AuditEventDto {
  return {
    id: event.id,
    seq: event.seq,
    actor_id: event.actorId,
    action: event.action,
    target_type: event.targetType,
    target_id: event.targetId,
    email: event.email,
    ip: event.ip,
    at: event.createdAt.toISOString(),
    details: event.details,
    prev_hash: event.prevHash,
    hash: event.hash,
  };
}
