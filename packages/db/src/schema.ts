import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    // Null until the user sets a password through the e-mailed link.
    passwordHash: text('password_hash'),
    isAdmin: boolean('is_admin').notNull().default(false),
    inventoryUser: boolean('inventory_user').notNull().default(false),
    orderUser: boolean('order_user').notNull().default(true),
    submissionUser: boolean('submission_user').notNull().default(false),
    sendNotificationsToEmail: boolean('send_notifications_to_email').notNull().default(false),
    activeStatus: boolean('active_status').notNull().default(false),
    debugMode: boolean('debug_mode').notNull().default(false),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    createdOn: createdAt(),
  },
  (t) => [uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`)],
);

/** Refresh tokens, stored hashed. A family is one sign-in; rotation keeps the family, reuse revokes it. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Failed-login counters per account and per client address, shared by every app instance. */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export const orderTrackingViewSettings = pgTable('order_tracking_view_settings', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabledColumns: jsonb('enabled_columns').$type<Record<string, boolean>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per intake or processing step (DESIGN.md §8). Home's statistics read the order tracking
 * runs of the past 24 hours from here.
 */
export const runs = pgTable(
  'runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sourceType: text('source_type').notNull(),
    sourceId: integer('source_id'),
    sourceName: text('source_name').notNull(),
    trigger: text('trigger').notNull(),
    status: text('status').notNull(),
    fileName: text('file_name'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ordersUpdated: integer('orders_updated').notNull().default(0),
    ordersDeleted: integer('orders_deleted').notNull().default(0),
    message: text('message'),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('runs_source_idx').on(t.sourceType, t.sourceId, t.startedAt),
    index('runs_finished_idx').on(t.sourceType, t.finishedAt),
  ],
);
