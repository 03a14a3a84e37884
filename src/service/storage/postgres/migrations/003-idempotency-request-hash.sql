-- An Idempotency-Key is bound to the request it first came with (hash of the body).
ALTER TABLE idempotency ADD COLUMN request_hash TEXT;
