-- Idempotency keys are kept 24 hours (postgres/migrations/007): when each was kept (ms). Keys
-- kept before this migration count from now.
ALTER TABLE idempotency ADD COLUMN created_at INTEGER NOT NULL DEFAULT 0;
UPDATE idempotency SET created_at = CAST(strftime('%s', 'now') AS INTEGER) * 1000;
CREATE INDEX idempotency_created_at ON idempotency (created_at);
