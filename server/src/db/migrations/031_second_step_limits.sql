-- Issue 54: the second step of a sign-in is bounded per account, across every address
-- (second-step-failures.ts), and its token serves only the address whose password made it.

-- Challenges of before this have no address: they end, as one does on any credential change.
ALTER TABLE sign_in_challenges ADD COLUMN address text NOT NULL DEFAULT '';
ALTER TABLE sign_in_challenges ALTER COLUMN address DROP DEFAULT;

CREATE TABLE second_step_failures (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- Wrong codes and recovery codes since window_started_at, from any address.
  failures integer NOT NULL,
  window_started_at timestamptz NOT NULL,
  -- Pauses since the owner last signed in: each twice as long as the one before.
  pauses integer NOT NULL DEFAULT 0,
  paused_until timestamptz,
  -- Wrong codes since the owner last signed in: told at their next sign-in, then forgotten.
  unreported integer NOT NULL
);
