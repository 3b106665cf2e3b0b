import { Body, Controller, Delete, Get, Param, ParseUUIDPipe, Post, Put, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AuditRepository } from '@api/modules/audit/audit.repository';
import type { AuthUser } from '@api/modules/auth/auth.types';
import { CurrentUser } from '@api/modules/auth/current-user.decorator';
import { PEOPLE_MESSAGES, type Person, UsersService } from '@api/modules/auth/users.service';
import { ApiErrors } from '@api/modules/common/api-errors.decorator';
import { BadRequestError } from '@api/modules/common/app-error';
import { type FirmRole, FIRM_ROLES } from '@api/modules/firms/firm-role';
import { FirmsService } from '@api/modules/firms/firms.service';
import { invitationStatus } from '@api/modules/firms/invitation.entity';
import { Clock } from '@api/modules/common/clock';
import { ApiListQuery } from './admin-projects.controller';
import { ChangeSettingsDto, ChangeUserDto, InvitationDto, InviteDto, ResendInvitationDto, SettingsDto, UserDto } from './admin-people.dto';
import { FirmAdminGuard } from './firm-admin.guard';
import { offsetLimit, parseListQuery, RawListQuery, setContentRange, stringFilter, uuidListFilter } from './simple-rest';

const idPipe = new ParseUUIDPipe({ exceptionFactory: () => new BadRequestError('The id is not valid: it must be a UUID.') });

function mapUser(person: Person): UserDto {
  return { id: person.id, email: person.email, role: person.role, status: person.status, disabled: person.disabled, created_at: person.createdAt.toISOString(), last_sign_in_at: person.lastSignInAt?.toISOString() ?? null };
}

/** The firm's people: list, invite, change role, disable and enable. Nobody's history is ever deleted. */
@ApiTags('admin')
@ApiBearerAuth('bearer')
@UseGuards(FirmAdminGuard)
@Controller('admin/users')
export class AdminUsersController {
  constructor(
    private readonly people: UsersService,
    private readonly firms: FirmsService,
    private readonly audit: AuditRepository,
  ) {}

  @Get()
  @ApiOperation({ summary: "List the firm's people", description: 'Everyone in the firm with role, status and whether the account is disabled.' })
  @ApiListQuery('q (part of the address), role (admin|member), disabled (true|false), id (one id or a list)')
  @ApiOkResponse({ type: [UserDto] })
  @ApiErrors(400, 401, 403)
  async listUsers(@CurrentUser() admin: AuthUser, @Query() raw: RawListQuery, @Res({ passthrough: true }) response: Response): Promise<UserDto[]> {
    const query = parseListQuery(raw, ['email', 'created_at', 'role', 'last_sign_in_at'] as const, 'created_at', ['q', 'role', 'disabled', 'id']);
    const role = stringFilter(query.filter, 'role');
    if (role !== undefined && !FIRM_ROLES.includes(role as FirmRole)) throw new BadRequestError('The "role" filter must be admin or member.');
    const disabled = query.filter.disabled;
    if (disabled !== undefined && typeof disabled !== 'boolean') throw new BadRequestError('The "disabled" filter must be true or false.');
    const { rows, total } = await this.people.pageInFirm(admin.firmId, {
      sort: query.sort.field,
      order: query.sort.order,
      ...offsetLimit(query),
      q: stringFilter(query.filter, 'q'),
      role,
      disabled,
      ids: uuidListFilter(query.filter, 'id'),
    });
    setContentRange(response, 'users', query, rows.length, total);
    return rows.map(mapUser);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get one person of the firm', description: 'Another firm’s user answers 404.' })
  @ApiOkResponse({ type: UserDto })
  @ApiErrors(400, 401, 403, 404)
  async getUser(@CurrentUser() admin: AuthUser, @Param('id', idPipe) id: string): Promise<UserDto> {
    return mapUser(await this.people.getInFirm(admin.firmId, id));
  }

  @Post()
  @ApiOperation({
    summary: 'Invite a person',
    description: 'Mails an invitation valid 7 days; the address joins the firm with the role when it signs up. An address that already has an account cannot be invited.',
  })
  @ApiCreatedResponse({ type: InvitationDto })
  @ApiErrors(400, 401, 403)
  inviteUser(@CurrentUser() admin: AuthUser, @Body() dto: InviteDto): Promise<InvitationDto> {
    return invite(this.people, this.firms, this.audit, admin, dto);
  }

  @Put(':id')
  @ApiOperation({
    summary: "Change a person's role, or disable or enable them",
    description: 'A disabled account cannot sign in and its tokens stop working on the next request. The firm always keeps an active administrator.',
  })
  @ApiOkResponse({ type: UserDto })
  @ApiErrors(400, 401, 403, 404)
  async changeUser(@CurrentUser() admin: AuthUser, @Param('id', idPipe) id: string, @Body() dto: ChangeUserDto): Promise<UserDto> {
    return this.apply(admin, id, dto);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Disable a person', description: 'Disables the account; its history (matters, audit events) stays. Enable it again with PUT.' })
  @ApiOkResponse({ type: UserDto })
  @ApiErrors(400, 401, 403, 404)
  async disableUser(@CurrentUser() admin: AuthUser, @Param('id', idPipe) id: string): Promise<UserDto> {
    return this.apply(admin, id, { disabled: true });
  }

  private async apply(admin: AuthUser, id: string, change: ChangeUserDto): Promise<UserDto> {
    const { before, after } = await this.people.change(admin, id, change);
    const target = { type: 'user' as const, id };
    const base = { firmId: admin.firmId, actorId: admin.id, email: after.email, target };
    if (before.role !== after.role) await this.audit.record({ ...base, action: 'user.role_change', details: { from: before.role, to: after.role } });
    if (before.disabled !== after.disabled) await this.audit.record({ ...base, action: after.disabled ? 'user.disable' : 'user.enable' });
    return mapUser(after);
  }
}

/** Shared by POST /admin/users and POST /admin/invitations: both invite. */
async function invite(people: UsersService, firms: FirmsService, audit: AuditRepository, admin: AuthUser, dto: InviteDto): Promise<InvitationDto> {
  if (await people.exists(dto.email)) throw new BadRequestError(PEOPLE_MESSAGES.hasAccount);
  const invitation = await firms.invite(admin.firmId, admin.id, dto.email, dto.role);
  await audit.record({ action: 'user.invite', firmId: admin.firmId, actorId: admin.id, email: dto.email, target: { type: 'invitation', id: invitation.id }, details: { role: dto.role } });
  return mapInvitation(invitation, new Date());
}

function mapInvitation(invitation: Awaited<ReturnType<FirmsService['invitation']>>, now: Date): InvitationDto {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    status: invitationStatus(invitation, now),
    sent_at: invitation.sentAt.toISOString(),
    expires_at: invitation.expiresAt.toISOString(),
    created_at: invitation.createdAt.toISOString(),
  };
}

/** Invitations: list with their state, send again, revoke. */
@ApiTags('admin')
@ApiBearerAuth('bearer')
@UseGuards(FirmAdminGuard)
@Controller('admin/invitations')
export class AdminInvitationsController {
  constructor(
    private readonly people: UsersService,
    private readonly firms: FirmsService,
    private readonly audit: AuditRepository,
    private readonly clock: Clock,
  ) {}

  @Get()
  @ApiOperation({ summary: "List the firm's invitations", description: 'Each with its state: pending, accepted, revoked or expired (after 7 days).' })
  @ApiListQuery('status (pending|accepted|revoked|expired)')
  @ApiOkResponse({ type: [InvitationDto] })
  @ApiErrors(400, 401, 403)
  async listInvitations(@CurrentUser() admin: AuthUser, @Query() raw: RawListQuery, @Res({ passthrough: true }) response: Response): Promise<InvitationDto[]> {
    const query = parseListQuery(raw, ['created_at', 'email'] as const, 'created_at', ['status']);
    const status = stringFilter(query.filter, 'status');
    const now = this.clock.now();
    const all = (await this.firms.invitations(admin.firmId)).map((invitation) => mapInvitation(invitation, now)).filter((row) => status === undefined || row.status === status);
    const field = query.sort.field;
    all.sort((a, b) => (a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : 0) * (query.sort.order === 'ASC' ? 1 : -1));
    const page = all.slice(query.range.start, query.range.end + 1);
    setContentRange(response, 'invitations', query, page.length, all.length);
    return page;
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get one invitation', description: 'Another firm’s invitation answers 404.' })
  @ApiOkResponse({ type: InvitationDto })
  @ApiErrors(400, 401, 403, 404)
  async getInvitation(@CurrentUser() admin: AuthUser, @Param('id', idPipe) id: string): Promise<InvitationDto> {
    return mapInvitation(await this.firms.invitation(admin.firmId, id), this.clock.now());
  }

  @Post()
  @ApiOperation({ summary: 'Invite an address', description: 'As POST /api/admin/users/: mails an invitation valid 7 days.' })
  @ApiCreatedResponse({ type: InvitationDto })
  @ApiErrors(400, 401, 403)
  createInvitation(@CurrentUser() admin: AuthUser, @Body() dto: InviteDto): Promise<InvitationDto> {
    return invite(this.people, this.firms, this.audit, admin, dto);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Send an invitation again', description: '`{"resend": true}` mails it again with a new 7-day expiry. Accepted and revoked invitations answer 400.' })
  @ApiOkResponse({ type: InvitationDto })
  @ApiErrors(400, 401, 403, 404)
  async resendInvitation(@CurrentUser() admin: AuthUser, @Param('id', idPipe) id: string, @Body() dto: ResendInvitationDto): Promise<InvitationDto> {
    if (dto.resend !== true) throw new BadRequestError('resend must be true.');
    const invitation = await this.firms.resend(admin.firmId, id);
    await this.audit.record({ action: 'invitation.resend', firmId: admin.firmId, actorId: admin.id, email: invitation.email, target: { type: 'invitation', id } });
    return mapInvitation(invitation, this.clock.now());
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Revoke an invitation', description: 'The address no longer joins the firm when it signs up.' })
  @ApiOkResponse({ type: InvitationDto })
  @ApiErrors(400, 401, 403, 404)
  async revokeInvitation(@CurrentUser() admin: AuthUser, @Param('id', idPipe) id: string): Promise<InvitationDto> {
    const invitation = await this.firms.revoke(admin.firmId, id);
    await this.audit.record({ action: 'invitation.revoke', firmId: admin.firmId, actorId: admin.id, email: invitation.email, target: { type: 'invitation', id } });
    return mapInvitation(invitation, this.clock.now());
  }
}

/** The firm's own settings, within what the server allows. */
@ApiTags('admin')
@ApiBearerAuth('bearer')
@UseGuards(FirmAdminGuard)
@Controller('admin/settings')
export class AdminSettingsController {
  constructor(
    private readonly firms: FirmsService,
    private readonly audit: AuditRepository,
  ) {}

  @Get()
  @ApiOperation({ summary: "Get the firm's settings", description: 'Name, default model and upload limit, with what the server offers.' })
  @ApiOkResponse({ type: SettingsDto })
  @ApiErrors(401, 403)
  async getSettings(@CurrentUser() admin: AuthUser): Promise<SettingsDto> {
    return this.describe(admin.firmId);
  }

  @Put()
  @ApiOperation({
    summary: "Change the firm's settings",
    description: "Firm name (1–200 visible characters); default model from those the server offers ('' for the server default); upload limit in MB up to the server's (0 for the server's).",
  })
  @ApiOkResponse({ type: SettingsDto })
  @ApiErrors(400, 401, 403)
  async changeSettings(@CurrentUser() admin: AuthUser, @Body() dto: ChangeSettingsDto): Promise<SettingsDto> {
    const before = await this.firms.get(admin.firmId);
    const after = await this.firms.changeSettings(admin.firmId, {
      name: dto.name,
      defaultModel: dto.default_model === undefined ? undefined : dto.default_model === '' ? null : dto.default_model,
      uploadLimitMb: dto.upload_limit_mb === undefined ? undefined : dto.upload_limit_mb === 0 ? null : dto.upload_limit_mb,
    });
    const details = { from: { name: before.name, default_model: before.defaultModel, upload_limit_mb: before.uploadLimitMb }, to: { name: after.name, default_model: after.defaultModel, upload_limit_mb: after.uploadLimitMb } };
    await this.audit.record({ action: 'settings.change', firmId: admin.firmId, actorId: admin.id, target: { type: 'firm', id: admin.firmId }, details });
    return this.describe(admin.firmId);
  }

  private async describe(firmId: string): Promise<SettingsDto> {
    const firm = await this.firms.get(firmId);
    return {
      id: firm.id,
      name: firm.name,
      default_model: firm.defaultModel,
      upload_limit_mb: firm.uploadLimitMb,
      models: this.firms.allowedModels(),
      server_upload_limit_mb: this.firms.serverUploadLimitMb(),
    };
  }
}
