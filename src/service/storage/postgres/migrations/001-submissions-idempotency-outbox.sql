-- Feedback and correction requests, the answers kept for Idempotency-Keys, and the outbox of
-- submissions to forward to the CMS (sqlite/migrations/001, in PostgreSQL's words).
CREATE TABLE submissions (id SERIAL PRIMARY KEY, kind TEXT NOT NULL, created_at TEXT NOT NULL, data TEXT NOT NULL);
CREATE TABLE idempotency (key TEXT NOT NULL, route TEXT NOT NULL, status INTEGER NOT NULL, body TEXT NOT NULL, PRIMARY KEY (key, route));
CREATE TABLE outbox (id SERIAL PRIMARY KEY, submission_id INTEGER NOT NULL, webform_id TEXT NOT NULL, payload TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at BIGINT NOT NULL DEFAULT 0, delivered_at TEXT, failed TEXT);
