import { Injectable, OnModuleDestroy } from '@nestjs/common';
import type { DetectedType } from '@api/modules/documents/file-type';
import { MIME_TYPES } from '@api/modules/documents/file-type';
import { ParserPool } from './parsers/parser-pool';
import type { ParsedDocument } from './parsers/parser.types';

const TYPE_OF_MIME = new Map(Object.entries(MIME_TYPES).map(([type, mime]) => [mime, type as DetectedType]));

/** Parses documents in a pool of bounded child processes, so a hostile file never takes this process down. */
@Injectable()
export class DocumentParser implements OnModuleDestroy {
  private pool: ParserPool | null = null;

  parse(mime: string, bytes: Buffer): Promise<ParsedDocument> {
    const type = TYPE_OF_MIME.get(mime);
    if (!type) throw new Error(`No parser for ${mime}`);
    this.pool ??= new ParserPool({ size: 2 });
    return this.pool.parse(type, bytes);
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool?.close();
    this.pool = null;
  }
}
