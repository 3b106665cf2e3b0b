import { DynamicModule, Global, Module } from '@nestjs/common';
import { ConfigService } from './config.service';
import { AppConfig } from './config.types';
import { loadConfig } from './load-config';
import { MasterKeys } from './master-keys';

/**
 * Owns the configuration: loaded from the environment and validated once, then injected as ConfigService.
 * No other module reads process.env, and no setting changes at run time but the master keys (MasterKeys), which
 * an online key rotation replaces.
 */
@Global()
@Module({})
export class ConfigModule {
  /** With no argument the configuration comes from the process environment; tests pass their own. */
  static forRoot(config?: AppConfig): DynamicModule {
    return {
      module: ConfigModule,
      providers: [{ provide: ConfigService, useFactory: () => new ConfigService(config ?? loadConfig(process.env)) }, MasterKeys],
      exports: [ConfigService, MasterKeys],
    };
  }
}
