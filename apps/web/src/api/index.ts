export * from './http';
export * from './types';
export * from './auth';
export * from './projects';
export * from './documents';
export * from './chat';
export * from './analysis';
export * from './errors';
