import { Reflector } from '@nestjs/core';
import { UnauthorizedError } from '@api/modules/common/app-error';
import { automock } from '@test/utils/strict';
import { ApiKeysService } from './api-keys.service';
import type { AuthUser } from './auth.types';
import { JwtAuthGuard } from './jwt-auth.guard';

function setup() {
  return { sut: new JwtAuthGuard(new Reflector(), automock(ApiKeysService)) };
}

describe(JwtAuthGuard.name, () => {
  it('answers 401 for a token that did not verify', () => {
    const { sut } = setup();
    expect(() => sut.handleRequest(null, false, new Error('invalid signature'))).toThrow(UnauthorizedError);
  });

  it('passes on, rather than answering 401, a failure to look the session up (the database out of reach)', () => {
    const { sut } = setup();
    const outage = new Error('Connection terminated unexpectedly');
    expect(() => sut.handleRequest(outage, false, undefined)).toThrow(outage);
  });

  it('keeps the verdict of the session lookup itself', () => {
    const { sut } = setup();
    const revoked = new UnauthorizedError('Your session is no longer valid. Please sign in again.');
    expect(() => sut.handleRequest(revoked, false, undefined)).toThrow(revoked);
    const user = { id: 'u1' } as AuthUser;
    expect(sut.handleRequest(null, user, undefined)).toBe(user);
  });
});
