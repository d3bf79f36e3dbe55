-- What the server saw of each session's client, for the administrator's list of sessions: the
-- address and user agent of its sign-in or latest refresh, and when it was last used.
ALTER TABLE sessions ADD COLUMN ip_address text;
ALTER TABLE sessions ADD COLUMN user_agent text;
ALTER TABLE sessions ADD COLUMN last_used_at timestamptz NOT NULL DEFAULT now();

-- A temporary password set by an administrator: the next sign-in with it must choose a new
-- password, and it signs in once (spent), whether or not the change follows.
ALTER TABLE users ADD COLUMN must_change_password boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN temporary_password_spent boolean NOT NULL DEFAULT false;
