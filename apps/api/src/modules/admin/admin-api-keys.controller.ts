import { Controller, Delete, Get, Ip, Param, ParseUUIDPipe, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { mapApiKey } from '@api/modules/auth/api-keys.controller';
import { FirmApiKeyDto } from '@api/modules/auth/api-keys.dto';
import { ApiKeysService } from '@api/modules/auth/api-keys.service';
import type { AuthUser } from '@api/modules/auth/auth.types';
import { CurrentUser } from '@api/modules/auth/current-user.decorator';
import { UsersService } from '@api/modules/auth/users.service';
import { ApiErrors } from '@api/modules/common/api-errors.decorator';
import { BadRequestError } from '@api/modules/common/app-error';
import { Clock } from '@api/modules/common/clock';
import { ApiListQuery } from './admin-projects.controller';
import { FirmAdminGuard } from './firm-admin.guard';
import { offsetLimit, parseListQuery, RawListQuery, setContentRange, uuidFilter } from './simple-rest';

const keyIdPipe = new ParseUUIDPipe({ exceptionFactory: () => new BadRequestError('The API key id is not valid: it must be a UUID.') });

/** Every API key of the firm, with its owner and last use; an administrator may revoke any of them. */
@ApiTags('admin')
@ApiBearerAuth('bearer')
@UseGuards(FirmAdminGuard)
@Controller('admin/api-keys')
export class AdminApiKeysController {
  constructor(
    private readonly keys: ApiKeysService,
    private readonly people: UsersService,
    private readonly clock: Clock,
  ) {}

  @Get()
  @ApiOperation({ summary: "List the firm's API keys", description: 'Every key of every person in the firm, newest first, with its state and last use; never the key itself.' })
  @ApiListQuery('user_id')
  @ApiOkResponse({ type: [FirmApiKeyDto] })
  @ApiErrors(400, 401, 403)
  async listFirmApiKeys(@CurrentUser() admin: AuthUser, @Query() raw: RawListQuery, @Res({ passthrough: true }) response: Response): Promise<FirmApiKeyDto[]> {
    const query = parseListQuery(raw, ['created_at'] as const, 'created_at', ['user_id']);
    const { rows, total } = await this.keys.pageInFirm(admin.firmId, { ...offsetLimit(query), order: query.sort.order, userId: uuidFilter(query.filter, 'user_id') });
    setContentRange(response, 'api-keys', query, rows.length, total);
    const owners = await this.people.findMany(rows.map((row) => row.userId));
    const now = this.clock.now();
    return rows.map((row) => ({ ...mapApiKey(row, now), user_id: row.userId, email: owners.get(row.userId)?.email ?? '' }));
  }

  @Delete(':id')
  @ApiOperation({ summary: "Revoke a person's API key", description: 'The key is refused from the next request on. Another firm’s key answers 404.' })
  @ApiOkResponse({ type: FirmApiKeyDto })
  @ApiErrors(400, 401, 403, 404)
  async revokeFirmApiKey(@CurrentUser() admin: AuthUser, @Param('id', keyIdPipe) id: string, @Ip() ip: string): Promise<FirmApiKeyDto> {
    const key = await this.keys.revokeInFirm(admin, id, ip);
    const owners = await this.people.findMany([key.userId]);
    return { ...mapApiKey(key, this.clock.now()), user_id: key.userId, email: owners.get(key.userId)?.email ?? '' };
  }
}
