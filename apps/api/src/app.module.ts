import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { HttpExceptionFilter } from '@api/modules/common/http-exception.filter';
import { ConfigModule } from '@api/modules/config/config.module';
import { AppConfig } from '@api/modules/config/config.types';
import { DatabaseModule } from '@api/modules/database/database.module';
import { HealthModule } from '@api/modules/health/health.module';
import { JobsModule } from '@api/modules/jobs/jobs.module';

@Module({})
export class AppModule {
  static forRoot(config?: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [ConfigModule.forRoot(config), DatabaseModule, JobsModule, HealthModule],
      providers: [{ provide: APP_FILTER, useClass: HttpExceptionFilter }],
    };
  }
}
