-- A temporary refusal after too many failed sign-ins, apart from the administrator's lock:
-- it ends by itself, doubles with each further lockout, and a success clears it.
ALTER TABLE users ADD COLUMN login_blocked_until timestamptz;
ALTER TABLE users ADD COLUMN lockouts integer NOT NULL DEFAULT 0;

-- Every refresh token a session has given up, so that a copy presented after its grace (or
-- several rotations later) is recognised as stolen, not merely unknown.
CREATE TABLE retired_refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE
);
CREATE INDEX retired_refresh_tokens_session ON retired_refresh_tokens (session_id);

-- Mail written in the transaction of what it announces and delivered after the commit.
CREATE TABLE mail_outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  -- What the mail is, for the development log ("Reset link for ada"); never a secret.
  description text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  failed_at timestamptz,
  last_error text
);
CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
CREATE INDEX mail_outbox_user ON mail_outbox (user_id, id);
