import { DynamicModule, Global, Module } from '@nestjs/common';
import { ConfigService } from './config.service';
import { AppConfig } from './config.types';
import { loadConfig } from './load-config';

@Global()
@Module({})
export class ConfigModule {
  /** With no argument the configuration comes from the process environment; tests pass their own. */
  static forRoot(config?: AppConfig): DynamicModule {
    return {
      module: ConfigModule,
      providers: [{ provide: ConfigService, useFactory: () => new ConfigService(config ?? loadConfig(process.env)) }],
      exports: [ConfigService],
    };
  }
}
