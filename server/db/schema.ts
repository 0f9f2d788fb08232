/*
 * The database's tables, one file an area under schema/; drizzle-kit (drizzle.config.ts) and the
 * client read them all through this file.
 */
export * from './schema/accounts.ts'
export * from './schema/alerts.ts'
export * from './schema/catalog.ts'
export * from './schema/content.ts'
export * from './schema/fees.ts'
export * from './schema/jobs.ts'
export * from './schema/media.ts'
export * from './schema/membership.ts'
export * from './schema/orders.ts'
export * from './schema/packaging.ts'
export * from './schema/reminders.ts'
export * from './schema/shopping.ts'
