export { chunkDocument, DEFAULT_CHUNK_OPTIONS, spanPages } from './chunker';
export type { Chunk, ChunkOptions } from './chunker';
export { detectStructure } from './structure';
export type { BlockKind, StructureBlock } from './structure';
