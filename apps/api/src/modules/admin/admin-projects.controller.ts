import { Body, Controller, Delete, Get, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AuthUser } from '@api/modules/auth/auth.types';
import { CurrentUser } from '@api/modules/auth/current-user.decorator';
import { UsersService } from '@api/modules/auth/users.service';
import { ApiErrors } from '@api/modules/common/api-errors.decorator';
import { DocumentsService } from '@api/modules/documents/documents.service';
import { projectIdPipe, userIdPipe } from '@api/modules/projects/project-id.pipe';
import { AddWallDto, AdminProjectDetailDto, AdminProjectDto, WallListResponseDto } from '@api/modules/projects/projects.dto';
import { ProjectsService } from '@api/modules/projects/projects.service';
import { FirmAdminGuard } from './firm-admin.guard';
import { offsetLimit, parseListQuery, RawListQuery, setContentRange, stringFilter, uuidFilter } from './simple-rest';

const SORTABLE = ['name', 'created_at'] as const;

/** Documents the three list parameters of ra-data-simple-rest on a list route. */
export function ApiListQuery(filters: string): MethodDecorator {
  return (target, key, descriptor) => {
    ApiQuery({ name: 'sort', required: false, description: 'JSON ["field","ASC"|"DESC"]', example: '["created_at","DESC"]' })(target, key, descriptor);
    ApiQuery({ name: 'range', required: false, description: 'JSON [first,last], zero-based and inclusive; at most 500 rows', example: '[0,24]' })(target, key, descriptor);
    ApiQuery({ name: 'filter', required: false, description: `JSON object; filters: ${filters}`, example: '{}' })(target, key, descriptor);
  };
}

/** The firm's matters as its administrators see them: metadata, membership and walls, never contents. */
@ApiTags('admin')
@ApiBearerAuth('bearer')
@UseGuards(FirmAdminGuard)
@Controller('admin/projects')
export class AdminProjectsController {
  constructor(
    private readonly projects: ProjectsService,
    private readonly documents: DocumentsService,
    private readonly people: UsersService,
  ) {}

  @Get()
  @ApiOperation({
    summary: "List the firm's projects",
    description: 'Every matter of the firm with its owner, member count, document count and size. The Content-Range header gives the total.',
  })
  @ApiListQuery('q (part of the name), owner_id')
  @ApiOkResponse({ type: [AdminProjectDto] })
  @ApiErrors(400, 401, 403)
  async listAdminProjects(@CurrentUser() admin: AuthUser, @Query() raw: RawListQuery, @Res({ passthrough: true }) response: Response): Promise<AdminProjectDto[]> {
    const query = parseListQuery(raw, SORTABLE, 'created_at', ['q', 'owner_id']);
    const { rows, total } = await this.projects.listForFirm(admin.firmId, {
      sort: query.sort.field,
      order: query.sort.order,
      ...offsetLimit(query),
      q: stringFilter(query.filter, 'q'),
      ownerId: uuidFilter(query.filter, 'owner_id'),
    });
    setContentRange(response, 'projects', query, rows.length, total);
    return this.describe(rows);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Get one project of the firm', description: 'Metadata, members and walls of one matter of the firm. Another firm’s project answers 404.' })
  @ApiOkResponse({ type: AdminProjectDetailDto })
  @ApiErrors(400, 401, 403, 404)
  async getAdminProject(@CurrentUser() admin: AuthUser, @Param('id', projectIdPipe) id: string): Promise<AdminProjectDetailDto> {
    const project = await this.projects.inFirm(admin, id);
    const [summary] = await this.describe([project]);
    const { members } = await this.projects.membersOf(admin, id);
    const { walls } = await this.projects.walls(admin, id);
    return { ...summary, members, walls };
  }

  @Get(':id/walls')
  @ApiOperation({ summary: "List a project's ethical walls", description: 'The people of the firm walled off this matter.' })
  @ApiOkResponse({ type: WallListResponseDto })
  @ApiErrors(400, 401, 403, 404)
  listWalls(@CurrentUser() admin: AuthUser, @Param('id', projectIdPipe) id: string): Promise<WallListResponseDto> {
    return this.projects.walls(admin, id);
  }

  @Post(':id/walls')
  @ApiOperation({
    summary: 'Wall a person off a project',
    description: 'An ethical wall: the person loses access at once, whatever the project was shared as, and the owner cannot share it with them again. The owner cannot be walled off.',
  })
  @ApiCreatedResponse({ type: WallListResponseDto })
  @ApiErrors(400, 401, 403, 404)
  addWall(@CurrentUser() admin: AuthUser, @Param('id', projectIdPipe) id: string, @Body() dto: AddWallDto): Promise<WallListResponseDto> {
    return this.projects.addWall(admin, id, dto);
  }

  @Delete(':id/walls/:userId')
  @ApiOperation({ summary: 'Take down a wall', description: 'The person may be shared the project again; access is not restored by itself.' })
  @ApiOkResponse({ type: WallListResponseDto })
  @ApiErrors(400, 401, 403, 404)
  removeWall(@CurrentUser() admin: AuthUser, @Param('id', projectIdPipe) id: string, @Param('userId', userIdPipe) userId: string): Promise<WallListResponseDto> {
    return this.projects.removeWall(admin, id, userId);
  }

  private async describe(rows: { id: string; name: string; ownerId: string; createdAt: Date }[]): Promise<AdminProjectDto[]> {
    const ids = rows.map((row) => row.id);
    const [documents, members, owners] = await Promise.all([this.documents.summaries(ids), this.projects.memberCounts(ids), this.people.findMany(rows.map((row) => row.ownerId))]);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      owner_id: row.ownerId,
      owner_email: owners.get(row.ownerId)?.email ?? '',
      member_count: members.get(row.id) ?? 0,
      document_count: documents.get(row.id)?.count ?? 0,
      size: documents.get(row.id)?.bytes ?? 0,
      created_at: row.createdAt.toISOString(),
    }));
  }
}
