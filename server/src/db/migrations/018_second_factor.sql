-- Two-step sign-in with TOTP (issue 30). The secret is stored encrypted (AES-256-GCM, with a key
-- derived from the token signing key: server/src/auth/secret-box.ts), never in the clear. A row whose
-- confirmed_at is NULL awaits the first code of its enrolment and does not count as a factor.
CREATE TABLE second_factors (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret text NOT NULL,
  confirmed_at timestamptz,
  -- The time step of the last code accepted: a code is accepted once, and none older after it.
  last_step bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Single-use recovery codes, as their SHA-256 only (they are random, 50 bits each).
CREATE TABLE recovery_codes (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (user_id, code_hash)
);

-- The second step of a sign-in whose password was right: to give a code (purpose 'code'), or to
-- enrol first (purpose 'enrolment'). The token is kept as its SHA-256; it dies after a few
-- wrong codes or when it expires.
CREATE TABLE sign_in_challenges (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('code', 'enrolment')),
  failures integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL
);
CREATE INDEX sign_in_challenges_user ON sign_in_challenges (user_id);
CREATE INDEX sign_in_challenges_expires ON sign_in_challenges (expires_at);
