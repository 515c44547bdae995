export * from './schools';
export * from './accounts';
export * from './sessions';
export * from './catalogue';
