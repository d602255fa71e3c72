export * from './envelope.ts';
export * from './language.ts';
export * from './validation.ts';
export * from './permissions.ts';
export * from './merchant.ts';
export * from './auth.ts';
export * from './company.ts';
export * from './staff.ts';
