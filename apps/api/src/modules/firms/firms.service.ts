import { Injectable } from '@nestjs/common';
import { Clock } from '@api/modules/common/clock';
import { FirmEntity } from './firm.entity';
import type { FirmRole } from './firm-role';
import { FirmRepository } from './firm.repository';

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

  async get(firmId: string): Promise<FirmEntity> {
    const firm = await this.firms.findById(firmId);
    if (!firm) throw new Error(`Firm ${firmId} does not exist`);
    return firm;
  }
}
