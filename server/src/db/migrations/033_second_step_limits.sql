-- Issue 54: the second step of a sign-in is bounded per account, across every address
-- (second-step-failures.ts), and its token serves only the address whose password made it.

-- Challenges of before this have no address: they end, as one does on any credential change.
ALTER TABLE sign_in_challenges ADD COLUMN address text NOT NULL DEFAULT '';
ALTER TABLE sign_in_challenges ALTER COLUMN address DROP DEFAULT;

-- Each wrong code or recovery code of an account's second step since the owner last signed in.
CREATE TABLE second_step_failures (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  failed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX second_step_failures_user ON second_step_failures (user_id, failed_at);

-- An account's second step paused after too many wrong codes: one row per account that has had
-- a pause, or a wrong code (the row its failures are counted under, locked), since the owner
-- last signed in. Each pause is twice as long as the one before.
CREATE TABLE second_step_pauses (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  pauses integer NOT NULL DEFAULT 0,
  paused_until timestamptz
);
