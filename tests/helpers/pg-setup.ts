/**
 * The api-pg project's setup file: the run's cluster (tests/helpers/pg-global-setup.ts) as
 * DFORM_TEST_PG_URL, so that every server a test starts gets a fresh database of its own (copied from
 * a migrated template) as DATABASE_URL (tests/helpers/server.ts). Only this project's files see it.
 */
import { inject } from 'vitest';
import type {} from './pg-global-setup.ts';

process.env.DFORM_TEST_PG_URL = inject('pgAdminUrl');
