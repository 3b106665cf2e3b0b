import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
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
  @ApiOkResponse({ type: ProjectListResponseDto })
  @ApiErrors(401)
  listProjects(@CurrentUser() user: AuthUser): Promise<ProjectListResponseDto> {
    return this.service.list(user);
  }

  @Post()
  @ApiCreatedResponse({ type: ProjectResponseDto })
  @ApiErrors(400, 401)
  createProject(@CurrentUser() user: AuthUser, @Body() dto: CreateProjectDto): Promise<ProjectResponseDto> {
    return this.service.create(user, dto);
  }

  @Get(':id')
  @ApiOkResponse({ type: ProjectResponseDto })
  @ApiErrors(400, 401, 404)
  getProject(@CurrentUser() user: AuthUser, @Param('id', projectIdPipe) id: string): Promise<ProjectResponseDto> {
    return this.service.get(user, id);
  }

  @Delete(':id')
  @ApiOkResponse({ type: DeletedResponseDto })
  @ApiErrors(400, 401, 404)
  deleteProject(@CurrentUser() user: AuthUser, @Param('id', projectIdPipe) id: string): Promise<DeletedResponseDto> {
    return this.service.delete(user, id);
  }
}
