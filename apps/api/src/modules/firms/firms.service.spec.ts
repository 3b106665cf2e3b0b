import { BadRequestError, NotFoundError } from '@api/modules/common/app-error';
import { Clock } from '@api/modules/common/clock';
import { ConfigService } from '@api/modules/config/config.service';
import { Secret } from '@api/modules/config/config.types';
import { MailService } from '@api/modules/mail/mail.service';
import { entity, NOW } from '@test/utils/entities';
import { expectError } from '@test/utils/expect-error';
import { automock } from '@test/utils/strict';
import { FirmRepository } from './firm.repository';
import { INVITATION_TTL_DAYS } from './firm-role';
import { FirmsService, INVITATION_NOT_FOUND } from './firms.service';

const SERVER_LIMIT_MB = 50;
const MODEL = 'claude-test';
const EXPIRES = new Date(NOW.getTime() + INVITATION_TTL_DAYS * 86_400_000);
const FIRM = entity.firm({ id: 'firm-1', name: 'Example LLP' });

function setup() {
  const firms = automock(FirmRepository);
  const clock = automock(Clock);
  const mail = automock(MailService);
  const config = automock(ConfigService, {
    storage: { filesDir: '/unused', maxUploadMb: SERVER_LIMIT_MB, filesKey: new Secret(Buffer.alloc(32)), filesKeyPrevious: null, filesKeyInDataDir: false },
    anthropic: { apiKey: null, model: MODEL, baseUrl: null },
    http: { port: 0, host: '127.0.0.1', publicUrl: 'https://casewise.example', webDir: null, consoleDir: null, trustProxy: null, apiDocs: 'off', hstsMaxAgeSeconds: 0 },
  });
  clock.now.mockReturnValue(NOW);
  const sut = new FirmsService(firms, clock, mail, config);
  return { sut, firms, mail };
}

type Mocks = ReturnType<typeof setup>;

/** The firm exists and invitation mail goes out. */
function mailsFor({ firms, mail }: Mocks): void {
  firms.findById.mockResolvedValue(FIRM);
  mail.sendInvitation.mockResolvedValue();
}

describe(FirmsService.name, () => {
  describe('place and settle', () => {
    it('places an invited address in the inviting firm with the invited role', async () => {
      const { sut, firms } = setup();
      firms.findOpenInvitation.mockResolvedValue(entity.invitation({ id: 'invitation-1', firmId: 'firm-2', role: 'admin' }));
      await expect(sut.place('invited@firm.example')).resolves.toEqual({ firmId: 'firm-2', role: 'admin', invitationId: 'invitation-1', newFirm: false });
      expect(firms.findOpenInvitation).toHaveBeenCalledWith('invited@firm.example', NOW);
      expect(firms.create).not.toHaveBeenCalled();
    });

    it('makes an uninvited address the administrator of a new firm named after its domain', async () => {
      const { sut, firms } = setup();
      firms.findOpenInvitation.mockResolvedValue(null);
      firms.create.mockResolvedValue(entity.firm({ id: 'firm-9' }));
      await expect(sut.place('founder@newfirm.example')).resolves.toEqual({ firmId: 'firm-9', role: 'admin', invitationId: null, newFirm: true });
      expect(firms.create).toHaveBeenCalledWith('newfirm.example');
    });

    it('drops the new firm when the account was not created', async () => {
      const { sut, firms } = setup();
      firms.remove.mockResolvedValue();
      await sut.settle({ firmId: 'firm-9', role: 'admin', invitationId: null, newFirm: true }, false);
      expect(firms.remove).toHaveBeenCalledWith('firm-9');
    });

    it('leaves an inviting firm and its invitation alone when the account was not created', async () => {
      const { sut } = setup();
      // Any repository call would throw: the strict mock has none.
      await expect(sut.settle({ firmId: 'firm-2', role: 'member', invitationId: 'invitation-1', newFirm: false }, false)).resolves.toBeUndefined();
    });

    it('marks the invitation accepted once the account exists', async () => {
      const { sut, firms } = setup();
      firms.updateInvitation.mockResolvedValue();
      await sut.settle({ firmId: 'firm-2', role: 'member', invitationId: 'invitation-1', newFirm: false }, true);
      expect(firms.updateInvitation).toHaveBeenCalledWith('invitation-1', { acceptedAt: NOW });
    });

    it('keeps a new firm once its account exists', async () => {
      const { sut } = setup();
      await expect(sut.settle({ firmId: 'firm-9', role: 'admin', invitationId: null, newFirm: true }, true)).resolves.toBeUndefined();
    });
  });

  describe('invite', () => {
    it('saves a new invitation expiring after the invitation lifetime and mails it', async () => {
      const mocks = setup();
      mailsFor(mocks);
      mocks.firms.listInvitations.mockResolvedValue([]);
      const saved = entity.invitation({ email: 'new@firm.example', role: 'member', sentAt: NOW, expiresAt: EXPIRES });
      mocks.firms.saveInvitation.mockResolvedValue(saved);
      await expect(mocks.sut.invite('firm-1', 'admin-1', 'new@firm.example', 'member')).resolves.toBe(saved);
      expect(mocks.firms.saveInvitation).toHaveBeenCalledWith({ firmId: 'firm-1', email: 'new@firm.example', role: 'member', invitedBy: 'admin-1', sentAt: NOW, expiresAt: EXPIRES });
      expect(mocks.mail.sendInvitation).toHaveBeenCalledWith('new@firm.example', { firm: 'Example LLP', role: 'a member', signupUrl: 'https://casewise.example/signup', expires: EXPIRES });
    });

    it('renews the open invitation of the same address instead of adding a second one', async () => {
      const mocks = setup();
      mailsFor(mocks);
      const open = entity.invitation({ id: 'invitation-3', email: 'again@firm.example', role: 'member', sentAt: new Date(0), expiresAt: new Date(1), invitedBy: 'admin-0' });
      mocks.firms.listInvitations.mockResolvedValue([open]);
      mocks.firms.updateInvitation.mockResolvedValue();
      const renewed = await mocks.sut.invite('firm-1', 'admin-1', 'again@firm.example', 'admin');
      expect(mocks.firms.updateInvitation).toHaveBeenCalledWith('invitation-3', { role: 'admin', sentAt: NOW, expiresAt: EXPIRES, invitedBy: 'admin-1' });
      expect(mocks.firms.saveInvitation).not.toHaveBeenCalled();
      expect(renewed).toEqual({ ...open, role: 'admin', sentAt: NOW, expiresAt: EXPIRES, invitedBy: 'admin-1' });
      expect(mocks.mail.sendInvitation).toHaveBeenCalledWith('again@firm.example', expect.objectContaining({ role: 'an administrator', expires: EXPIRES }));
    });

    it('does not reuse an accepted or revoked invitation of the same address', async () => {
      const mocks = setup();
      mailsFor(mocks);
      mocks.firms.listInvitations.mockResolvedValue([
        entity.invitation({ id: 'accepted', email: 'again@firm.example', acceptedAt: NOW }),
        entity.invitation({ id: 'revoked', email: 'again@firm.example', revokedAt: NOW }),
      ]);
      mocks.firms.saveInvitation.mockResolvedValue(entity.invitation({ id: 'fresh', email: 'again@firm.example' }));
      await expect(mocks.sut.invite('firm-1', 'admin-1', 'again@firm.example', 'member')).resolves.toMatchObject({ id: 'fresh' });
      expect(mocks.firms.updateInvitation).not.toHaveBeenCalled();
    });
  });

  describe('resend and revoke', () => {
    it('answers 404 for an invitation the firm does not have', async () => {
      const { sut, firms } = setup();
      firms.findInvitation.mockResolvedValue(null);
      await expectError(sut.resend('firm-1', 'invitation-9'), NotFoundError, INVITATION_NOT_FOUND);
      expect(firms.findInvitation).toHaveBeenCalledWith('firm-1', 'invitation-9');
    });

    it('refuses to resend an accepted or a revoked invitation, and mails nothing', async () => {
      const { sut, firms, mail } = setup();
      firms.findInvitation.mockResolvedValueOnce(entity.invitation({ acceptedAt: NOW })).mockResolvedValueOnce(entity.invitation({ revokedAt: NOW }));
      await expectError(sut.resend('firm-1', 'invitation-1'), BadRequestError, 'This invitation was accepted: the person is already in your firm.');
      await expectError(sut.resend('firm-1', 'invitation-1'), BadRequestError, 'This invitation was revoked. Invite the address again instead.');
      expect(mail.sendInvitation).not.toHaveBeenCalled();
    });

    it('resends an open invitation with a new expiry', async () => {
      const mocks = setup();
      mailsFor(mocks);
      const open = entity.invitation({ id: 'invitation-1', sentAt: new Date(0), expiresAt: new Date(1) });
      mocks.firms.findInvitation.mockResolvedValue(open);
      mocks.firms.updateInvitation.mockResolvedValue();
      await expect(mocks.sut.resend('firm-1', 'invitation-1')).resolves.toEqual({ ...open, sentAt: NOW, expiresAt: EXPIRES });
      expect(mocks.firms.updateInvitation).toHaveBeenCalledWith('invitation-1', { sentAt: NOW, expiresAt: EXPIRES });
      expect(mocks.mail.sendInvitation).toHaveBeenCalledWith(open.email, expect.objectContaining({ expires: EXPIRES }));
    });

    it('refuses to revoke an accepted invitation', async () => {
      const { sut, firms } = setup();
      firms.findInvitation.mockResolvedValue(entity.invitation({ acceptedAt: NOW }));
      await expectError(sut.revoke('firm-1', 'invitation-1'), BadRequestError, 'This invitation was accepted: disable the account instead.');
      expect(firms.updateInvitation).not.toHaveBeenCalled();
    });

    it('answers a revoked invitation as it is, keeping its first revocation time', async () => {
      const { sut, firms } = setup();
      const revoked = entity.invitation({ revokedAt: new Date(0) });
      firms.findInvitation.mockResolvedValue(revoked);
      await expect(sut.revoke('firm-1', 'invitation-1')).resolves.toBe(revoked);
      expect(firms.updateInvitation).not.toHaveBeenCalled();
    });

    it('revokes an open invitation now', async () => {
      const { sut, firms } = setup();
      const open = entity.invitation();
      firms.findInvitation.mockResolvedValue(open);
      firms.updateInvitation.mockResolvedValue();
      await expect(sut.revoke('firm-1', open.id)).resolves.toEqual({ ...open, revokedAt: NOW });
      expect(firms.updateInvitation).toHaveBeenCalledWith(open.id, { revokedAt: NOW });
    });
  });

  describe('settings', () => {
    it('refuses an upload limit above the server’s, changing nothing', async () => {
      const { sut, firms } = setup();
      await expectError(sut.changeSettings('firm-1', { uploadLimitMb: SERVER_LIMIT_MB + 1 }), BadRequestError, `The upload limit cannot exceed the server's limit of ${SERVER_LIMIT_MB} MB.`);
      expect(firms.update).not.toHaveBeenCalled();
    });

    it('refuses a default model the server does not offer, naming the ones it does', async () => {
      const { sut, firms } = setup();
      await expectError(sut.changeSettings('firm-1', { defaultModel: 'other-model' }), BadRequestError, `The default model must be one this server offers: ${MODEL}.`);
      expect(firms.update).not.toHaveBeenCalled();
    });

    it('saves a limit of exactly the server’s, the server’s model, or a reset to the defaults, and answers the firm as changed', async () => {
      const { sut, firms } = setup();
      firms.update.mockResolvedValue();
      const changed = entity.firm({ uploadLimitMb: SERVER_LIMIT_MB, defaultModel: MODEL });
      firms.findById.mockResolvedValue(changed);
      for (const change of [{ uploadLimitMb: SERVER_LIMIT_MB, defaultModel: MODEL, name: 'Renamed LLP' }, { uploadLimitMb: null, defaultModel: null }]) {
        await expect(sut.changeSettings('firm-1', change)).resolves.toBe(changed);
        expect(firms.update).toHaveBeenLastCalledWith('firm-1', change);
      }
    });

    it('applies the firm’s own upload limit, the server’s when it has none, and never more than the server’s', async () => {
      const { sut, firms } = setup();
      firms.findById
        .mockResolvedValueOnce(entity.firm({ uploadLimitMb: 10 }))
        .mockResolvedValueOnce(entity.firm({ uploadLimitMb: null }))
        .mockResolvedValueOnce(entity.firm({ uploadLimitMb: SERVER_LIMIT_MB * 2 }));
      expect([await sut.uploadLimitMb('firm-1'), await sut.uploadLimitMb('firm-1'), await sut.uploadLimitMb('firm-1')]).toEqual([10, SERVER_LIMIT_MB, SERVER_LIMIT_MB]);
    });
  });
});
