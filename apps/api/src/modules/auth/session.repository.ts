import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Tokens ended by a logout before their expiry; a row is useless once the token would have expired. */
@Injectable()
export class SessionRepository {
  constructor(private readonly dataSource: DataSource) {}

  async revoke(tokenId: string, userId: string, expiresAt: Date): Promise<void> {
    await this.dataSource.query('INSERT INTO revoked_tokens (jti, user_id, expires_at) VALUES ($1, $2, $3) ON CONFLICT (jti) DO NOTHING', [tokenId, userId, expiresAt]);
  }

  async prune(now: Date): Promise<void> {
    await this.dataSource.query('DELETE FROM revoked_tokens WHERE expires_at < $1', [now]);
  }
}
