// The request and response shapes of the contract, one file per feature: every one is
// re-exported here, and from the package, under its own name. `testWordFields` is internal.
export * from './common';
export * from './auth';
export * from './invites';
export * from './users';
export * from './payments';
export * from './dictionaries';
export * from './media';
export * from './portability';
export * from './translate';
export * from './testing';
export * from './offline';
export * from './reviewLog';
export * from './progress';
export * from './scheduling';
export * from './weakSpots';
export * from './reminders';
