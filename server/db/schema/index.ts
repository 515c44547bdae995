export * from './schools';
export * from './accounts';
export * from './sessions';
export * from './catalogue';
export * from './comments';
export * from './media';
export * from './learning';
