import { Body, Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '@api/modules/auth/auth.types';
import { CurrentUser } from '@api/modules/auth/current-user.decorator';
import { ApiErrors } from '@api/modules/common/api-errors.decorator';
import { projectIdPipe, userIdPipe } from './project-id.pipe';
import {
  ChangeMemberRoleDto,
  CreateProjectDto,
  DeletedResponseDto,
  ProjectListResponseDto,
  ProjectMembersResponseDto,
  ProjectResponseDto,
  ShareProjectDto,
} from './projects.dto';
import { ProjectsService } from './projects.service';

@ApiTags('projects')
@ApiBearerAuth('bearer')
@Controller('projects')
export class ProjectsController {
  constructor(private readonly service: ProjectsService) {}

  @Get()
  @ApiOperation({
    summary: 'List your projects',
    description: 'Every project (matter) of the signed-in user, newest first, with its document count.',
  })
  @ApiOkResponse({ type: ProjectListResponseDto })
  @ApiErrors(401)
  listProjects(@CurrentUser() user: AuthUser): Promise<ProjectListResponseDto> {
    return this.service.list(user);
  }

  @Post()
  @ApiOperation({
    summary: 'Create a project',
    description: 'Creates a project (a matter) that holds documents, a chat history and reports. Names are trimmed and must not contain hidden characters.',
  })
  @ApiCreatedResponse({ type: ProjectResponseDto })
  @ApiErrors(400, 401)
  createProject(@CurrentUser() user: AuthUser, @Body() dto: CreateProjectDto): Promise<ProjectResponseDto> {
    return this.service.create(user, dto);
  }

  @Get(':id')
  @ApiOperation({
    summary: 'Get a project',
    description: 'One project of the signed-in user. Another user\'s project answers 404, as one that does not exist.',
  })
  @ApiOkResponse({ type: ProjectResponseDto })
  @ApiErrors(400, 401, 404)
  getProject(@CurrentUser() user: AuthUser, @Param('id', projectIdPipe) id: string): Promise<ProjectResponseDto> {
    return this.service.get(user, id);
  }

  @Delete(':id')
  @ApiOperation({
    summary: 'Delete a project',
    description: 'Deletes the project with its documents, extracted text, chat history and reports.',
  })
  @ApiOkResponse({ type: DeletedResponseDto })
  @ApiErrors(400, 401, 403, 404)
  deleteProject(@CurrentUser() user: AuthUser, @Param('id', projectIdPipe) id: string): Promise<DeletedResponseDto> {
    return this.service.delete(user, id);
  }

  @Get(':id/members')
  @ApiTags('sharing')
  @ApiOperation({
    summary: "List a project's members",
    description: 'The owner and everyone the project is shared with, with their roles. Any member may read it; so may a firm administrator.',
  })
  @ApiOkResponse({ type: ProjectMembersResponseDto })
  @ApiErrors(400, 401, 404)
  listMembers(@CurrentUser() user: AuthUser, @Param('id', projectIdPipe) id: string): Promise<ProjectMembersResponseDto> {
    return this.service.members(user, id);
  }

  @Post(':id/members')
  @ApiTags('sharing')
  @ApiOperation({
    summary: 'Share a project',
    description:
      'Shares the project with a person of your firm as editor or viewer (or changes the role they have). Only the owner or a firm administrator may share; another firm\'s address, an unknown address and a walled person are refused.',
  })
  @ApiCreatedResponse({ type: ProjectMembersResponseDto })
  @ApiErrors(400, 401, 403, 404)
  shareProject(@CurrentUser() user: AuthUser, @Param('id', projectIdPipe) id: string, @Body() dto: ShareProjectDto): Promise<ProjectMembersResponseDto> {
    return this.service.share(user, id, dto);
  }

  @Patch(':id/members/:userId')
  @ApiTags('sharing')
  @ApiOperation({ summary: "Change a member's role", description: 'Makes a member an editor or a viewer. The owner keeps the project.' })
  @ApiOkResponse({ type: ProjectMembersResponseDto })
  @ApiErrors(400, 401, 403, 404)
  changeMemberRole(
    @CurrentUser() user: AuthUser,
    @Param('id', projectIdPipe) id: string,
    @Param('userId', userIdPipe) userId: string,
    @Body() dto: ChangeMemberRoleDto,
  ): Promise<ProjectMembersResponseDto> {
    return this.service.changeRole(user, id, userId, dto);
  }

  @Delete(':id/members/:userId')
  @ApiTags('sharing')
  @ApiOperation({ summary: 'Stop sharing a project with someone', description: 'Removes a member; their own chat history on the project stays, unreadable to others.' })
  @ApiOkResponse({ type: ProjectMembersResponseDto })
  @ApiErrors(400, 401, 403, 404)
  removeMember(@CurrentUser() user: AuthUser, @Param('id', projectIdPipe) id: string, @Param('userId', userIdPipe) userId: string): Promise<ProjectMembersResponseDto> {
    return this.service.unshare(user, id, userId);
  }
}
