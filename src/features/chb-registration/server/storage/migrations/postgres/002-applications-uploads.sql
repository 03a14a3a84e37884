-- Housing benefit applications (SIN and dates of birth sealed inside `data`) and their uploads.
CREATE TABLE applications (id SERIAL PRIMARY KEY, number TEXT NOT NULL UNIQUE, lang TEXT NOT NULL, created_at TEXT NOT NULL,
  data TEXT NOT NULL, forward INTEGER NOT NULL DEFAULT 0, attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at BIGINT NOT NULL DEFAULT 0,
  sid TEXT, delivered_at TEXT, failed TEXT);
CREATE TABLE uploads (id TEXT PRIMARY KEY, grp TEXT NOT NULL, filename TEXT NOT NULL, size BIGINT, created_at BIGINT NOT NULL,
  finished_at BIGINT, detected_type TEXT, application_id INTEGER REFERENCES applications(id), path TEXT, fid TEXT,
  seq BIGSERIAL);
CREATE INDEX uploads_unattached ON uploads (created_at) WHERE application_id IS NULL;
CREATE INDEX applications_forward ON applications (id) WHERE forward = 1 AND delivered_at IS NULL AND failed IS NULL;
