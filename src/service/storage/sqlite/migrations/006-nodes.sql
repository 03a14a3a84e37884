-- Several intake nodes on one database (postgres/migrations/006): an outbox item is claimed by
-- one process until a lease ends (claimed_until, ms), and the rate limits are counted here.
ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN claimed_until INTEGER NOT NULL DEFAULT 0;
CREATE TABLE rate_limits (key TEXT PRIMARY KEY, window_start INTEGER NOT NULL, count INTEGER NOT NULL);
