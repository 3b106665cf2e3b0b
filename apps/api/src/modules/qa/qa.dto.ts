import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, IsUUID, Max, Min, MaxLength } from 'class-validator';
import type { ChatMessageEntity } from './chat-message.entity';

export class AskQuestionDto {
  @ApiProperty({ example: 'What are the termination rights?' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'Please type a question.' })
  @IsNotEmpty({ message: 'Please type a question.' })
  @MaxLength(4000, { message: 'The question is too long: at most 4000 characters.' })
  question: string;
}

export class CitationDto {
  @ApiProperty({ description: 'File name of the cited document', example: 'supply-agreement.pdf' })
  file: string;

  @ApiProperty({ description: 'Page the quote is on (1-based)', example: 4 })
  page: number;

  @ApiProperty({ description: 'Start offset of the quote in the document’s extracted text', example: 10234 })
  start: number;

  @ApiProperty({ description: 'End offset (exclusive)', example: 10333 })
  end: number;

  @ApiProperty({ description: 'The quoted passage, exactly as in the document', example: "Either party may terminate this Agreement upon thirty (30) days' written notice to the other party." })
  quote: string;
}

export class AnswerResponseDto {
  @ApiProperty({ example: 'Either party may terminate on thirty days\' written notice [1].' })
  answer: string;

  @ApiProperty({ type: [String], description: 'File names of the documents the answer rests on', example: ['supply-agreement.pdf'] })
  context: string[];

  @ApiProperty({ type: [CitationDto] })
  citations: CitationDto[];

  @ApiProperty({ description: 'True when nothing in the documents answers the question', example: false })
  abstained: boolean;
}

export class ChatHistoryEntryDto {
  @ApiProperty({ format: 'uuid', example: 'c7d8e9f0-1a2b-4c3d-8e4f-5a6b7c8d9e0f' })
  _id: string;

  @ApiProperty({ description: 'The question', example: 'What are the termination rights?' })
  message: string;

  @ApiProperty({ description: 'The answer', example: 'Either party may terminate on thirty days\' written notice [1].' })
  response: string;

  @ApiProperty({ type: [CitationDto] })
  citations: CitationDto[];

  @ApiProperty({ type: [String], example: ['supply-agreement.pdf'] })
  context: string[];

  @ApiProperty({ format: 'date-time', example: '2026-03-02T09:20:00.000Z' })
  created_at: string;
}

export const HISTORY_PAGE_SIZE = 50;
export const HISTORY_PAGE_MAX = 200;
const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${HISTORY_PAGE_MAX}.`;

export class ChatHistoryQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: HISTORY_PAGE_MAX, default: HISTORY_PAGE_SIZE, description: 'How many exchanges a page holds' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: LIMIT_MESSAGE })
  @Min(1, { message: LIMIT_MESSAGE })
  @Max(HISTORY_PAGE_MAX, { message: LIMIT_MESSAGE })
  limit?: number;

  @ApiPropertyOptional({ format: 'uuid', description: 'The `next` cursor of the page before: the page holds the exchanges older than it' })
  @IsOptional()
  @IsUUID('all', { message: 'before must be the next cursor of an earlier page.' })
  before?: string;
}

export class ChatHistoryResponseDto {
  @ApiProperty({ type: [ChatHistoryEntryDto], description: 'The newest exchanges (older than `before` when given), oldest first' })
  history: ChatHistoryEntryDto[];

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'Pass as `before` for the older page; null when there is none' })
  next: string | null;
}

export function mapCitation(citation: CitationDto): CitationDto {
  return { file: citation.file, page: citation.page, start: citation.start, end: citation.end, quote: citation.quote };
}

export function mapHistoryEntry(message: ChatMessageEntity): ChatHistoryEntryDto {
  return {
    _id: message.id,
    message: message.question,
    response: message.answer,
    citations: message.citations.map(mapCitation),
    context: message.context,
    created_at: message.createdAt.toISOString(),
  };
}
