import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'

import type { StaffPermission } from '../../../src/domain/staff.ts'
import { createdAt, updatedAt } from './columns.ts'

/* Accounts and signing in: users, sessions, e-mail codes, rate-limit counters, server secrets. */

export const ACCOUNT_KIND = { customer: 'customer', operator: 'operator' } as const

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** The sign-in name is the e-mail address, stored lower-cased. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname').notNull(),
    kind: text('kind').$type<'customer' | 'operator'>().notNull().default('customer'),
    /** Price role 1–6 for customers (spec §6). */
    role: smallint('role'),
    language: varchar('language', { length: 8 }).notNull().default('zhCn'),
    disabled: boolean('disabled').notNull().default(false),
    /** An operator's console rooms (src/domain/staff.ts); empty for customers. */
    permissions: jsonb('permissions').$type<StaffPermission[]>().notNull().default([]),
    /** A staff account given a password by another operator must change it before using the console. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    telephone: text('telephone'),
    /** The messaging (WeChat or similar) account the shop contacts the user on. */
    wechat: text('wechat'),
    /** 0 unknown, 1 male, 2 female. */
    sex: smallint('sex').notNull().default(0),
    birthday: date('birthday'),
    /** Path of the uploaded avatar under /uploads, or null. */
    avatar: text('avatar'),
    /** Points held. Changed only together with a ledger row (points issue). */
    score: integer('score').notNull().default(0),
    /** The account's points rate as a decimal string ('0.01'); null = the shop's default. */
    scoreRate: text('score_rate'),
    /** The last shop day the tier behind `scoreRate` holds (set by the monthly tier job); null = no end. */
    scoreTime: date('score_time'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(t.email),
    check('users_kind_check', sql`${t.kind} in ('customer', 'operator')`),
    check('users_sex_check', sql`${t.sex} in (0, 1, 2)`),
    check('users_score_check', sql`${t.score} >= 0`),
  ],
)

/**
 * One signed-in device. The token names its session; logout and a password change revoke sessions,
 * so a copied token stops working at once. `expiresAt` caps a session however often it is renewed.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

/**
 * An e-mailed 6-digit code (spec §7 'code/email'). Only an HMAC of the code is kept. A code is for one
 * address and purpose, lives 10 minutes, is used once and dies after 5 wrong tries. For an e-mail
 * change, `userId` is the account asking for it (the code goes to the new address).
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    type: smallint('type').notNull(),
    codeHash: text('code_hash').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    index('email_codes_lookup_idx').on(t.email, t.type, t.createdAt),
    check('email_codes_type_check', sql`${t.type} in (1, 2, 3)`),
  ],
)

/**
 * Fixed-window counters for rate limits, in the database so that every server process shares them.
 * `bucket` names what is counted ('login-fail:account:a@b.c'), `windowStart` the window.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    bucket: text('bucket').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.bucket, t.windowStart] }),
    index('rate_limit_window_idx').on(t.windowStart),
  ],
)

/** Server secrets made on first start (token signing, code hashing), shared by every server process. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
})
