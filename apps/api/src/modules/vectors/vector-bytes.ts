/**
 * A vector as the chunks table stores it: its components as 4-byte IEEE floats in network (big-endian) order, one
 * after the other, as PostgreSQL's float4send writes them. A third of the size of the text form of `real[]` and read
 * back without parsing; a component is kept to float precision, which is all `real` ever kept.
 */
export function encodeVector(vector: readonly number[]): Buffer {
  const bytes = Buffer.allocUnsafe(vector.length * 4);
  for (let i = 0; i < vector.length; i++) bytes.writeFloatBE(vector[i], i * 4);
  return bytes;
}

/** The components of a stored vector (PGlite hands bytea back as a Uint8Array, node-postgres as a Buffer). */
export function decodeVector(bytes: Uint8Array): number[] {
  if (bytes.byteLength % 4 !== 0) throw new Error(`A stored vector of ${bytes.byteLength} bytes is not a whole number of floats`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const vector = new Array<number>(bytes.byteLength / 4);
  for (let i = 0; i < vector.length; i++) vector[i] = view.getFloat32(i * 4, false);
  return vector;
}
