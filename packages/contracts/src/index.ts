export * from './accounts';
export * from './auth';
export * from './columns';
export * from './errors';
export * from './messages';
export * from './stats';
