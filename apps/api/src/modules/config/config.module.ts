import { DynamicModule, Global, Module } from '@nestjs/common';
import { ConfigService } from './config.service';
import { AppConfig } from './config.types';
import { loadConfig } from './load-config';

/**
 * Owns the configuration: loaded from the environment and validated once, then injected as ConfigService.
 * No other module reads process.env, and nothing here may change a setting at run time.
 */
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
