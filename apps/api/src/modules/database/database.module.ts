import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ConfigService } from '@api/modules/config/config.service';
import { DatabaseHandle } from './database.handle';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

@Global()
@Module({
  providers: [
    {
      provide: DatabaseHandle,
      inject: [ConfigService],
      useFactory: (config: ConfigService) => DatabaseHandle.open(config.database, ENTITIES, MIGRATIONS),
    },
    { provide: DataSource, inject: [DatabaseHandle], useFactory: (handle: DatabaseHandle) => handle.dataSource },
  ],
  exports: [DatabaseHandle, DataSource],
})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(DatabaseHandle) private readonly handle: DatabaseHandle) {}

  async onApplicationShutdown(): Promise<void> {
    await this.handle.close();
  }
}
