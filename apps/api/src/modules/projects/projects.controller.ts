import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '@api/modules/auth/auth.types';
import { CurrentUser } from '@api/modules/auth/current-user.decorator';
import { ApiErrors } from '@api/modules/common/api-errors.decorator';
import { projectIdPipe } from './project-id.pipe';
import { CreateProjectDto, DeletedResponseDto, ProjectListResponseDto, ProjectResponseDto } from './projects.dto';
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
  @ApiErrors(400, 401, 404)
  deleteProject(@CurrentUser() user: AuthUser, @Param('id', projectIdPipe) id: string): Promise<DeletedResponseDto> {
    return this.service.delete(user, id);
  }
}
