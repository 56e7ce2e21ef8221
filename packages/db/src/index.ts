export * from './client';
export * from './database';
export * as schema from './schema';
