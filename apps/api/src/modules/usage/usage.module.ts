import { Module } from '@nestjs/common';
import { DatabaseModule } from '@api/modules/database/database.module';
import { UsageDailyEntity } from './usage.entity';
import { UsageRepository } from './usage.repository';
import { UsageService } from './usage.service';

/**
 * Owns the daily usage counters (questions, uploads, pages, reports, model tokens per person). Features call
 * `count` after the work is done; it never reads another module's tables and never fails the caller.
 */
@Module({
  imports: [DatabaseModule.forFeature([UsageDailyEntity])],
  providers: [UsageRepository, UsageService],
  exports: [UsageService],
})
export class UsageModule {}
