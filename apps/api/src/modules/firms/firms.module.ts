import { Module } from '@nestjs/common';
import { DatabaseModule } from '@api/modules/database/database.module';
import { MailModule } from '@api/modules/mail/mail.module';
import { FirmEntity } from './firm.entity';
import { FirmRepository } from './firm.repository';
import { FirmsService } from './firms.service';
import { InvitationEntity } from './invitation.entity';

/**
 * Owns firms (the tenants), their settings and their invitations. It knows nothing of accounts or matters:
 * auth asks it where a new account belongs; it never reads another module's tables.
 */
@Module({
  imports: [DatabaseModule.forFeature([FirmEntity, InvitationEntity]), MailModule],
  providers: [FirmsService, FirmRepository],
  exports: [FirmsService],
})
export class FirmsModule {}
