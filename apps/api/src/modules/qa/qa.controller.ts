import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '@api/modules/auth/auth.types';
import { CurrentUser } from '@api/modules/auth/current-user.decorator';
import { ApiErrors } from '@api/modules/common/api-errors.decorator';
import { RateLimit } from '@api/modules/rate-limit/rate-limit.guard';
import { projectIdPipe } from '@api/modules/projects/project-id.pipe';
import { DeletedResponseDto } from '@api/modules/projects/projects.dto';
import { AnswerResponseDto, AskQuestionDto, ChatHistoryQueryDto, ChatHistoryResponseDto } from './qa.dto';
import { QaService } from './qa.service';

@ApiTags('chat')
@ApiBearerAuth('bearer')
@Controller('projects/:id')
export class QaController {
  constructor(private readonly service: QaService) {}

  @Post('qa')
  @RateLimit('questions')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Ask a question about a project\'s documents',
    description: 'Answers from the project\'s ready documents only, saying how many are still being read; asked before any is ready, it waits for the first (at most 60 s, then 400 asking to try again); a project with no document to read answers 400. Citations that quote the documents exactly (file, page, offsets). When nothing in the documents answers, `abstained` is true. The exchange is added to the chat history. Limited per user.',
  })
  @ApiOkResponse({ type: AnswerResponseDto })
  @ApiErrors(400, 401, 404, 503)
  askQuestion(@CurrentUser() user: AuthUser, @Param('id', projectIdPipe) id: string, @Body() dto: AskQuestionDto): Promise<AnswerResponseDto> {
    return this.service.ask(user, id, dto);
  }

  @Get('chat_history')
  @ApiOperation({
    summary: 'Read the chat history',
    description: 'The project\'s questions and answers, a page at a time: the newest page first, entries oldest first within it; pass `next` as `before` for the older page.',
  })
  @ApiOkResponse({ type: ChatHistoryResponseDto })
  @ApiErrors(400, 401, 404)
  getChatHistory(@CurrentUser() user: AuthUser, @Param('id', projectIdPipe) id: string, @Query() query: ChatHistoryQueryDto): Promise<ChatHistoryResponseDto> {
    return this.service.history(user, id, query);
  }

  @Delete('chat_history')
  @ApiOperation({
    summary: 'Clear the chat history',
    description: 'Deletes every question and answer of the project.',
  })
  @ApiOkResponse({ type: DeletedResponseDto })
  @ApiErrors(400, 401, 404)
  deleteChatHistory(@CurrentUser() user: AuthUser, @Param('id', projectIdPipe) id: string): Promise<DeletedResponseDto> {
    return this.service.clearHistory(user, id);
  }
}
