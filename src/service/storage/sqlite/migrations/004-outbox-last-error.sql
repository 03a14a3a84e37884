-- Each outbox item keeps its last error (for `npm run outbox`); items are taken by due time.
ALTER TABLE outbox ADD COLUMN last_error TEXT;
CREATE INDEX outbox_due ON outbox (next_attempt_at, id) WHERE delivered_at IS NULL AND failed IS NULL;
