-- Several intake nodes on one database: an outbox item is claimed by one node until a lease
-- ends (claimed_until, ms; a node that died loses it), and the rate limits are counted here.
ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN claimed_until BIGINT NOT NULL DEFAULT 0;
CREATE TABLE rate_limits (key TEXT PRIMARY KEY, window_start BIGINT NOT NULL, count INTEGER NOT NULL);
