import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
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
  @ApiProperty({ description: 'File name of the cited document' })
  file: string;

  @ApiProperty({ description: 'Page the quote is on (1-based)' })
  page: number;

  @ApiProperty({ description: 'Start offset of the quote in the document’s extracted text' })
  start: number;

  @ApiProperty({ description: 'End offset (exclusive)' })
  end: number;

  @ApiProperty({ description: 'The quoted passage, exactly as in the document' })
  quote: string;
}

export class AnswerResponseDto {
  @ApiProperty()
  answer: string;

  @ApiProperty({ type: [String], description: 'File names of the documents the answer rests on' })
  context: string[];

  @ApiProperty({ type: [CitationDto] })
  citations: CitationDto[];

  @ApiProperty({ description: 'True when nothing in the documents answers the question' })
  abstained: boolean;
}

export class ChatHistoryEntryDto {
  @ApiProperty({ format: 'uuid' })
  _id: string;

  @ApiProperty({ description: 'The question' })
  message: string;

  @ApiProperty({ description: 'The answer' })
  response: string;

  @ApiProperty({ type: [CitationDto] })
  citations: CitationDto[];

  @ApiProperty({ type: [String] })
  context: string[];

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class ChatHistoryResponseDto {
  @ApiProperty({ type: [ChatHistoryEntryDto] })
  history: ChatHistoryEntryDto[];
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
