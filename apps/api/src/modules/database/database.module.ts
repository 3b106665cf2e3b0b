import { Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ConfigService } from '@api/modules/config/config.service';
import { DatabaseHandle, EntityClass } from './database.handle';
import { MIGRATIONS } from './migrations';
import { makeDataDirPrivate } from './private-data-dir';

/**
 * Entities named by the feature modules through `forFeature`. Module decorators run when their files load,
 * before Nest builds any provider, so the list is complete when the connection opens.
 */
const registeredEntities = new Set<EntityClass>();

/**
 * The one connection (PGlite or PostgreSQL) and its migrations. It owns no table and knows no feature: each
 * module imports `DatabaseModule.forFeature([...its entities])` and queries only the tables it owns.
 */
@Module({
  providers: [
    {
      provide: DatabaseHandle,
      inject: [ConfigService],
      useFactory: async (config: ConfigService) => {
        await makeDataDirPrivate(config.app.dataDir);
        return DatabaseHandle.open(config.database, [...registeredEntities], MIGRATIONS);
      },
    },
    { provide: DataSource, inject: [DatabaseHandle], useFactory: (handle: DatabaseHandle) => handle.dataSource },
  ],
  exports: [DatabaseHandle, DataSource],
})
export class DatabaseModule implements OnApplicationShutdown {
  /** Registers the module's entities with the connection; the same single DatabaseModule is imported everywhere. */
  static forFeature(entities: readonly EntityClass[]): typeof DatabaseModule {
    for (const entity of entities) registeredEntities.add(entity);
    return DatabaseModule;
  }

  constructor(@Inject(DatabaseHandle) private readonly handle: DatabaseHandle) {}

  async onApplicationShutdown(): Promise<void> {
    await this.handle.close();
  }
}
