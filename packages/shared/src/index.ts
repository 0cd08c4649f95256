export * from './constants';
export * from './errors';
export * from './validation';
export * from './schemas';
export * from './contract';
export * from './endpoints';
export * from './messages';
export * from './portability';
