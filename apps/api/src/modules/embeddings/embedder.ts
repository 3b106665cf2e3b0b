import { Injectable } from '@nestjs/common';
import { ConfigService } from '@api/modules/config/config.service';
import { HashingEmbedder } from './hashing-embedder';
import { VoyageEmbeddingClient } from './voyage-embedding.client';

/** Turns passages and questions into vectors: Voyage (voyage-law-2) with VOYAGE_API_KEY, else the offline embedder. */
@Injectable()
export class Embedder {
  private readonly offline = new HashingEmbedder();

  constructor(
    private readonly config: ConfigService,
    private readonly voyage: VoyageEmbeddingClient,
  ) {}

  private get usesVoyage(): boolean {
    return this.config.voyage.apiKey !== null;
  }

  get name(): string {
    return this.usesVoyage ? this.config.voyage.model : this.offline.name;
  }

  async embedDocuments(texts: string[]): Promise<number[][]> {
    if (this.usesVoyage) return this.voyage.embed(texts, 'document');
    return texts.map((text) => this.offline.embed(text));
  }

  async embedQuery(text: string): Promise<number[]> {
    if (this.usesVoyage) return (await this.voyage.embed([text], 'query'))[0];
    return this.offline.embed(text);
  }
}
