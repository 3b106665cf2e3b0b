import { Injectable } from '@nestjs/common';
import { HashingEmbedder } from './hashing-embedder';

/** Turns passages and questions into vectors for the vector half of hybrid search. */
@Injectable()
export class Embedder {
  private readonly offline = new HashingEmbedder();

  get name(): string {
    return this.offline.name;
  }

  get dimensions(): number {
    return this.offline.dimensions;
  }

  async embedDocuments(texts: string[]): Promise<number[][]> {
    return texts.map((text) => this.offline.embed(text));
  }

  async embedQuery(text: string): Promise<number[]> {
    return this.offline.embed(text);
  }
}
