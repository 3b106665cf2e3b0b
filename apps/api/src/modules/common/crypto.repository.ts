import { Injectable } from '@nestjs/common';
import { hash, verify, argon2id } from 'argon2';
import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';

/** Hashing and randomness; argon2id for passwords, HMAC for short-lived codes. */
@Injectable()
export class CryptoRepository {
  hashPassword(password: string): Promise<string> {
    return hash(password, { type: argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  }

  async verifyPassword(hashed: string, password: string): Promise<boolean> {
    try {
      return await verify(hashed, password);
    } catch {
      return false;
    }
  }

  /** Six digits from a cryptographic source, leading zeros kept. */
  randomDigits(length = 6): string {
    let digits = '';
    for (let i = 0; i < length; i++) digits += String(randomInt(0, 10));
    return digits;
  }

  randomId(): string {
    return randomUUID();
  }

  /** `bytes` random bytes as base64url: a secret for an API key. */
  randomToken(bytes = 32): string {
    return randomBytes(bytes).toString('base64url');
  }

  hmac(key: string, value: string): string {
    return createHmac('sha256', key).update(value).digest('hex');
  }

  sha256(value: Buffer | string): string {
    return createHash('sha256').update(value).digest('hex');
  }

  safeEqual(a: string, b: string): boolean {
    const left = Buffer.from(a);
    const right = Buffer.from(b);
    return left.length === right.length && timingSafeEqual(left, right);
  }
}
