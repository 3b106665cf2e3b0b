import { Module } from '@nestjs/common';
import { FirmAdminGuard } from './firm-admin.guard';

/**
 * The firm administrators' API under /api/admin/, in ra-data-simple-rest's dialect. It owns no table: it
 * reads and changes data only through the owning modules' services, always within the caller's firm.
 */
@Module({
  imports: [],
  controllers: [],
  providers: [FirmAdminGuard],
})
export class AdminModule {}
