-- Idempotency keys are kept 24 hours: when each was kept (ms). Keys kept before this migration
-- count from now.
ALTER TABLE idempotency ADD COLUMN created_at BIGINT NOT NULL DEFAULT 0;
UPDATE idempotency SET created_at = (EXTRACT(EPOCH FROM now()) * 1000)::BIGINT;
CREATE INDEX idempotency_created_at ON idempotency (created_at);
