-- Re-authentication before dangerous changes (issue 30, item 4): when the user of each session
-- last proved it was them, by signing in (createSession) or with POST /auth/reauth. Sessions
-- from before this migration have none: their first dangerous change asks for it.
ALTER TABLE sessions ADD COLUMN reauthenticated_at timestamptz;
