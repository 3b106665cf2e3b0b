import { Injectable } from '@nestjs/common';
import { BadRequestError, NotFoundError } from '@api/modules/common/app-error';
import { Clock } from '@api/modules/common/clock';
import { ConfigService } from '@api/modules/config/config.service';
import { MailService } from '@api/modules/mail/mail.service';
import { FirmEntity } from './firm.entity';
import { type FirmRole, INVITATION_TTL_DAYS } from './firm-role';
import { FirmRepository } from './firm.repository';
import { InvitationEntity } from './invitation.entity';

export const INVITATION_NOT_FOUND = 'Invitation not found.';

export interface FirmSettingsChange {
  name?: string;
  defaultModel?: string | null;
  uploadLimitMb?: number | null;
}

/** Where a new account goes: the firm that invited its address, or a firm of its own that it administers. */
export interface Placement {
  firmId: string;
  role: FirmRole;
  invitationId: string | null;
  /** A firm made for this account alone, to drop again should the account not be created. */
  newFirm: boolean;
}

@Injectable()
export class FirmsService {
  constructor(
    private readonly firms: FirmRepository,
    private readonly clock: Clock,
    private readonly mail: MailService,
    private readonly config: ConfigService,
  ) {}

  async place(email: string): Promise<Placement> {
    const invitation = await this.firms.findOpenInvitation(email, this.clock.now());
    if (invitation) return { firmId: invitation.firmId, role: invitation.role, invitationId: invitation.id, newFirm: false };
    const firm = await this.firms.create(email.split('@')[1] ?? email);
    return { firmId: firm.id, role: 'admin', invitationId: null, newFirm: true };
  }

  /** Completes a placement once the account exists, or undoes it when the address was taken meanwhile. */
  async settle(placement: Placement, created: boolean): Promise<void> {
    if (!created) {
      if (placement.newFirm) await this.firms.remove(placement.firmId);
      return;
    }
    if (placement.invitationId) await this.firms.updateInvitation(placement.invitationId, { acceptedAt: this.clock.now() });
  }

  /** Invites an address, or sends a fresh invitation (new expiry) when the firm already invited it. */
  async invite(firmId: string, invitedBy: string, email: string, role: FirmRole): Promise<InvitationEntity> {
    const now = this.clock.now();
    const open = (await this.firms.listInvitations(firmId)).find((invitation) => invitation.email === email && !invitation.acceptedAt && !invitation.revokedAt);
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000);
    let invitation: InvitationEntity;
    if (open) {
      await this.firms.updateInvitation(open.id, { role, sentAt: now, expiresAt, invitedBy });
      invitation = { ...open, role, sentAt: now, expiresAt, invitedBy };
    } else {
      invitation = await this.firms.saveInvitation({ firmId, email, role, invitedBy, sentAt: now, expiresAt });
    }
    await this.send(invitation);
    return invitation;
  }

  async resend(firmId: string, id: string): Promise<InvitationEntity> {
    const invitation = await this.invitation(firmId, id);
    if (invitation.acceptedAt) throw new BadRequestError('This invitation was accepted: the person is already in your firm.');
    if (invitation.revokedAt) throw new BadRequestError('This invitation was revoked. Invite the address again instead.');
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000);
    await this.firms.updateInvitation(id, { sentAt: now, expiresAt });
    const sent = { ...invitation, sentAt: now, expiresAt };
    await this.send(sent);
    return sent;
  }

  async revoke(firmId: string, id: string): Promise<InvitationEntity> {
    const invitation = await this.invitation(firmId, id);
    if (invitation.acceptedAt) throw new BadRequestError('This invitation was accepted: disable the account instead.');
    if (invitation.revokedAt) return invitation;
    const now = this.clock.now();
    await this.firms.updateInvitation(id, { revokedAt: now });
    return { ...invitation, revokedAt: now };
  }

  async invitation(firmId: string, id: string): Promise<InvitationEntity> {
    const invitation = await this.firms.findInvitation(firmId, id);
    if (!invitation) throw new NotFoundError(INVITATION_NOT_FOUND);
    return invitation;
  }

  invitations(firmId: string): Promise<InvitationEntity[]> {
    return this.firms.listInvitations(firmId);
  }

  /** Changes the firm's settings within what the server allows; returns the firm as changed. */
  async changeSettings(firmId: string, change: FirmSettingsChange): Promise<FirmEntity> {
    if (change.uploadLimitMb !== undefined && change.uploadLimitMb !== null && change.uploadLimitMb > this.config.storage.maxUploadMb) {
      throw new BadRequestError(`The upload limit cannot exceed the server's limit of ${this.config.storage.maxUploadMb} MB.`);
    }
    if (change.defaultModel !== undefined && change.defaultModel !== null && !this.allowedModels().includes(change.defaultModel)) {
      throw new BadRequestError(`The default model must be one this server offers: ${this.allowedModels().join(', ')}.`);
    }
    await this.firms.update(firmId, change);
    return this.get(firmId);
  }

  serverUploadLimitMb(): number {
    return this.config.storage.maxUploadMb;
  }

  allowedModels(): string[] {
    return [this.config.anthropic.model];
  }

  /** The upload limit in MB for the firm's projects: its own when set, never above the server's. */
  async uploadLimitMb(firmId: string): Promise<number> {
    const firm = await this.firms.findById(firmId);
    return Math.min(firm?.uploadLimitMb ?? this.config.storage.maxUploadMb, this.config.storage.maxUploadMb);
  }

  private async send(invitation: InvitationEntity): Promise<void> {
    const firm = await this.get(invitation.firmId);
    await this.mail.sendInvitation(invitation.email, {
      firm: firm.name,
      role: invitation.role === 'admin' ? 'an administrator' : 'a member',
      signupUrl: `${this.config.http.publicUrl}/signup`,
      expires: invitation.expiresAt,
    });
  }

  async get(firmId: string): Promise<FirmEntity> {
    const firm = await this.firms.findById(firmId);
    if (!firm) throw new Error(`Firm ${firmId} does not exist`);
    return firm;
  }
}
