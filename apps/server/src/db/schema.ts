// Every module's tables, gathered for Drizzle's relational queries and drizzle-kit. Modules own their tables.
export * from '../modules/auth/auth.tables.ts';
export * from '../modules/company/company.tables.ts';
export * from '../modules/staff/staff.tables.ts';
export * from '../modules/audit/audit.tables.ts';
export * from '../modules/merchant/merchant.tables.ts';
