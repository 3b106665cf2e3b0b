import { Body, Controller, Delete, Get, Ip, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '@api/modules/common/api-errors.decorator';
import { BadRequestError } from '@api/modules/common/app-error';
import { Clock } from '@api/modules/common/clock';
import type { ApiKeyEntity } from './api-key.entity';
import { ApiKeyDto, CreateApiKeyDto, CreatedApiKeyDto } from './api-keys.dto';
import { apiKeyStatus, ApiKeysService } from './api-keys.service';
import type { AuthUser } from './auth.types';
import { CurrentUser } from './current-user.decorator';

const keyIdPipe = new ParseUUIDPipe({ exceptionFactory: () => new BadRequestError('The API key id is not valid: it must be a UUID.') });

export function mapApiKey(key: ApiKeyEntity, now: Date): ApiKeyDto {
  return {
    id: key.id,
    name: key.name,
    scope: key.scope,
    status: apiKeyStatus(key, now),
    expires_at: key.expiresAt?.toISOString() ?? null,
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    last_used_ip: key.lastUsedIp,
    created_at: key.createdAt.toISOString(),
  };
}

/** The signed-in person's API keys, for scripts and integrations that should not hold a password. */
@ApiTags('api-keys')
@ApiBearerAuth('bearer')
@Controller('api-keys')
export class ApiKeysController {
  constructor(
    private readonly keys: ApiKeysService,
    private readonly clock: Clock,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Create an API key',
    description: 'A named key with a scope and an optional expiry, shown once in `key`; it acts as its owner (never beyond), `read` keys only read. Needs a signed-in session: a key cannot create keys.',
  })
  @ApiCreatedResponse({ type: CreatedApiKeyDto })
  @ApiErrors(400, 401, 403)
  async createApiKey(@CurrentUser() user: AuthUser, @Body() dto: CreateApiKeyDto, @Ip() ip: string): Promise<CreatedApiKeyDto> {
    const { key, secret } = await this.keys.create(user, { name: dto.name, scope: dto.scope, expiresAt: dto.expires_at ? new Date(dto.expires_at) : undefined }, ip);
    return { ...mapApiKey(key, this.clock.now()), key: secret };
  }

  @Get()
  @ApiOperation({ summary: 'List your API keys', description: 'Every key you created, newest first, with its state and last use; never the key itself.' })
  @ApiOkResponse({ type: [ApiKeyDto] })
  @ApiErrors(401)
  async listApiKeys(@CurrentUser() user: AuthUser): Promise<ApiKeyDto[]> {
    const now = this.clock.now();
    return (await this.keys.list(user)).map((key) => mapApiKey(key, now));
  }

  @Delete(':keyId')
  @ApiOperation({ summary: 'Revoke an API key', description: 'The key is refused from the next request on. Another person’s key answers 404.' })
  @ApiOkResponse({ type: ApiKeyDto })
  @ApiErrors(400, 401, 403, 404)
  async revokeApiKey(@CurrentUser() user: AuthUser, @Param('keyId', keyIdPipe) id: string, @Ip() ip: string): Promise<ApiKeyDto> {
    return mapApiKey(await this.keys.revoke(user, id, ip), this.clock.now());
  }
}
