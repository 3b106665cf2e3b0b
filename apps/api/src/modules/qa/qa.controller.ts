import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '@api/modules/auth/auth.types';
import { CurrentUser } from '@api/modules/auth/current-user.decorator';
import { ApiErrors } from '@api/modules/common/api-errors.decorator';
import { projectIdPipe } from '@api/modules/projects/project-id.pipe';
import { DeletedResponseDto } from '@api/modules/projects/projects.dto';
import { AnswerResponseDto, AskQuestionDto, ChatHistoryResponseDto } from './qa.dto';
import { QaService } from './qa.service';

@ApiTags('chat')
@ApiBearerAuth('bearer')
@Controller('projects/:id')
export class QaController {
  constructor(private readonly service: QaService) {}

  @Post('qa')
  @HttpCode(200)
  @ApiOkResponse({ type: AnswerResponseDto })
  @ApiErrors(400, 401, 404, 503)
  askQuestion(@CurrentUser() user: AuthUser, @Param('id', projectIdPipe) id: string, @Body() dto: AskQuestionDto): Promise<AnswerResponseDto> {
    return this.service.ask(user, id, dto);
  }

  @Get('chat_history')
  @ApiOkResponse({ type: ChatHistoryResponseDto })
  @ApiErrors(400, 401, 404)
  getChatHistory(@CurrentUser() user: AuthUser, @Param('id', projectIdPipe) id: string): Promise<ChatHistoryResponseDto> {
    return this.service.history(user, id);
  }

  @Delete('chat_history')
  @ApiOkResponse({ type: DeletedResponseDto })
  @ApiErrors(400, 401, 404)
  deleteChatHistory(@CurrentUser() user: AuthUser, @Param('id', projectIdPipe) id: string): Promise<DeletedResponseDto> {
    return this.service.clearHistory(user, id);
  }
}
