import { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { UnauthorizedError } from '@api/modules/common/app-error';
import { automock } from '@test/utils/strict';
import { ApiKeysService } from './api-keys.service';
import type { AuthUser } from './auth.types';
import { JwtAuthGuard } from './jwt-auth.guard';
import { SessionVerifier } from './session-verifier';

function setup() {
  const sessions = automock(SessionVerifier);
  return { sut: new JwtAuthGuard(new Reflector(), automock(ApiKeysService), sessions), sessions };
}

function requestWith(authorization: string | undefined): { request: { headers: { authorization?: string }; user?: AuthUser }; context: ExecutionContext } {
  const request = { method: 'GET', headers: authorization === undefined ? {} : { authorization } };
  const context = { getHandler: () => requestWith, getClass: () => JwtAuthGuard, switchToHttp: () => ({ getRequest: () => request }) } as unknown as ExecutionContext;
  return { request, context };
}

describe(JwtAuthGuard.name, () => {
  it('answers 401 when no bearer token is given, without looking for a session', async () => {
    const { sut, sessions } = setup();
    for (const header of [undefined, '', 'Basic dXNlcjpwdw==', 'Bearer']) await expect(sut.canActivate(requestWith(header).context)).rejects.toThrow(UnauthorizedError);
    expect(sessions.userOf).not.toHaveBeenCalled();
  });

  it("passes on, rather than answering 401, a failure to look the session up (the database out of reach)", async () => {
    const { sut, sessions } = setup();
    const outage = new Error('Connection terminated unexpectedly');
    sessions.userOf.mockRejectedValue(outage);
    await expect(sut.canActivate(requestWith('Bearer a.b.c').context)).rejects.toBe(outage);
  });

  it('hands the session user on to the route, whatever the case of the scheme', async () => {
    const { sut, sessions } = setup();
    const user = { id: 'u1' } as AuthUser;
    sessions.userOf.mockResolvedValue(user);
    const { request, context } = requestWith('bearer  a.b.c');
    await expect(sut.canActivate(context)).resolves.toBe(true);
    expect(sessions.userOf).toHaveBeenCalledWith('a.b.c');
    expect(request.user).toBe(user);
  });
});
