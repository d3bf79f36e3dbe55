-- Failed sign-ins are counted per name and client address (logins.ts), in the database so that
-- every API process sees the same: a stranger's failures lock out the stranger's address, not
-- the account's owner. `name` is the account's lower-cased username, or the name typed when no
-- account has it (counted the same, so that nothing tells which names exist). The account's
-- own counters go; users.login_blocked_until stays, as the latest end of any address's lockout.
CREATE TABLE sign_in_failures (
  name text NOT NULL,
  address text NOT NULL,
  -- In a row from this address since its last lockout or success.
  failures integer NOT NULL,
  -- Lockouts of this address so far: each doubles the next.
  lockouts integer NOT NULL DEFAULT 0,
  blocked_until timestamptz,
  last_failed_at timestamptz NOT NULL,
  PRIMARY KEY (name, address)
);
CREATE INDEX sign_in_failures_last_failed ON sign_in_failures (last_failed_at);
ALTER TABLE users DROP COLUMN failed_logins;
ALTER TABLE users DROP COLUMN lockouts;
-- A lockout running now was of the account as a whole, which nothing enforces any more.
UPDATE users SET login_blocked_until = NULL WHERE login_blocked_until IS NOT NULL;

-- A mail that will not be sent again keeps no body: it may hold a live reset link, whose token
-- is otherwise stored only as its hash (mail-outbox.ts empties it from now on).
UPDATE mail_outbox SET body = '' WHERE sent_at IS NOT NULL OR failed_at IS NOT NULL;
