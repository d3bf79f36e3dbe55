-- A status or lock change rewrote about 29 index entries per user: every index of users held the
-- status, lock or update time (migration 013's walks included them, 005's small indexes were
-- keyed or filtered by them), so no such update could be HOT. They move to a table of their own,
-- user_state, with the sort keys and the search text beside them, kept by statement triggers;
-- the list's walks by status, lock or update time, and its lists of the inactive or locked users,
-- read it. No index of users holds the three columns any more: a status change of a user is a HOT
-- update of users (room left on its pages by the fill factor), and only user_state's few
-- indexes, most of them partial, take entries.
CREATE TABLE user_state (
  id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  is_active boolean NOT NULL,
  is_locked boolean NOT NULL,
  updated_date timestamptz NOT NULL,
  search_text text NOT NULL,
  username text NOT NULL,
  email text NOT NULL,
  phone_number text NOT NULL,
  last_login timestamptz,
  created_date timestamptz NOT NULL
) WITH (fillfactor = 85);

INSERT INTO user_state (id, is_active, is_locked, updated_date, search_text, username, email,
    phone_number, last_login, created_date)
  SELECT id, is_active, is_locked, updated_date, search_text, username, email, phone_number,
    last_login, created_date
  FROM users ORDER BY id;

-- Migration 013's walks by the state, each covering a search of its order.
CREATE INDEX user_state_walk_active ON user_state (is_active, id) INCLUDE (search_text, is_locked);
CREATE INDEX user_state_walk_locked ON user_state (is_locked, id) INCLUDE (search_text, is_active);
CREATE INDEX user_state_walk_updated ON user_state (updated_date, id)
  INCLUDE (search_text, is_active, is_locked);
-- Migration 005's small indexes of the inactive and of the locked users in every order.
CREATE INDEX user_state_inactive_sort_created ON user_state (created_date, id) WHERE NOT is_active;
CREATE INDEX user_state_inactive_sort_email ON user_state (lower(email), id) WHERE NOT is_active;
CREATE INDEX user_state_inactive_sort_id ON user_state (id) WHERE NOT is_active;
CREATE INDEX user_state_inactive_sort_last_login ON user_state (last_login, id) WHERE NOT is_active;
CREATE INDEX user_state_inactive_sort_locked ON user_state (is_locked, id) WHERE NOT is_active;
CREATE INDEX user_state_inactive_sort_phone ON user_state (phone_number, id) WHERE NOT is_active;
CREATE INDEX user_state_inactive_sort_updated ON user_state (updated_date, id) WHERE NOT is_active;
CREATE INDEX user_state_inactive_sort_username ON user_state (lower(username), id)
  WHERE NOT is_active;
CREATE INDEX user_state_locked_sort_active ON user_state (is_active, id) WHERE is_locked;
CREATE INDEX user_state_locked_sort_created ON user_state (created_date, id) WHERE is_locked;
CREATE INDEX user_state_locked_sort_email ON user_state (lower(email), id) WHERE is_locked;
CREATE INDEX user_state_locked_sort_id ON user_state (id) WHERE is_locked;
CREATE INDEX user_state_locked_sort_last_login ON user_state (last_login, id) WHERE is_locked;
CREATE INDEX user_state_locked_sort_phone ON user_state (phone_number, id) WHERE is_locked;
CREATE INDEX user_state_locked_sort_updated ON user_state (updated_date, id) WHERE is_locked;
CREATE INDEX user_state_locked_sort_username ON user_state (lower(username), id) WHERE is_locked;

-- The copies are kept per statement, from the transition tables, like the totals of 002 and
-- 005; the update writes only the rows whose copy changed, so an update of other columns
-- (a password, failed sign-ins) writes nothing here. A user's copy goes with it by the cascade.
CREATE FUNCTION user_state_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO user_state (id, is_active, is_locked, updated_date, search_text, username, email,
      phone_number, last_login, created_date)
    SELECT id, is_active, is_locked, updated_date, search_text, username, email, phone_number,
      last_login, created_date
    FROM added;
  RETURN NULL;
END $$;

CREATE FUNCTION user_state_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_state s
    SET is_active = a.is_active, is_locked = a.is_locked, updated_date = a.updated_date,
      search_text = a.search_text, username = a.username, email = a.email,
      phone_number = a.phone_number, last_login = a.last_login, created_date = a.created_date
    FROM after_rows a
    WHERE s.id = a.id
      AND (s.is_active, s.is_locked, s.updated_date, s.search_text, s.username, s.email,
          s.phone_number, s.last_login, s.created_date)
        IS DISTINCT FROM (a.is_active, a.is_locked, a.updated_date, a.search_text, a.username,
          a.email, a.phone_number, a.last_login, a.created_date);
  RETURN NULL;
END $$;

CREATE TRIGGER users_state_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION user_state_insert();
CREATE TRIGGER users_state_update AFTER UPDATE ON users
  REFERENCING NEW TABLE AS after_rows FOR EACH STATEMENT EXECUTE FUNCTION user_state_update();

-- Every index of users that held the status, lock or update time: the small indexes and the
-- walks by the state go (user_state has them), the other walks hold the search text alone.
DROP INDEX users_inactive_sort_created;
DROP INDEX users_inactive_sort_email;
DROP INDEX users_inactive_sort_id;
DROP INDEX users_inactive_sort_last_login;
DROP INDEX users_inactive_sort_locked;
DROP INDEX users_inactive_sort_phone;
DROP INDEX users_inactive_sort_updated;
DROP INDEX users_inactive_sort_username;
DROP INDEX users_locked_sort_active;
DROP INDEX users_locked_sort_created;
DROP INDEX users_locked_sort_email;
DROP INDEX users_locked_sort_id;
DROP INDEX users_locked_sort_last_login;
DROP INDEX users_locked_sort_phone;
DROP INDEX users_locked_sort_updated;
DROP INDEX users_locked_sort_username;
DROP INDEX users_walk_active;
DROP INDEX users_walk_locked;
DROP INDEX users_walk_updated;

DROP INDEX users_walk_username;
DROP INDEX users_walk_email;
DROP INDEX users_walk_phone;
DROP INDEX users_walk_last_login;
DROP INDEX users_walk_created;
DROP INDEX users_walk_id;
CREATE INDEX users_walk_username ON users (lower(username), id) INCLUDE (username, search_text);
CREATE INDEX users_walk_email ON users (lower(email), id) INCLUDE (email, search_text);
CREATE INDEX users_walk_phone ON users (phone_number, id) INCLUDE (search_text);
CREATE INDEX users_walk_last_login ON users (last_login, id) INCLUDE (search_text);
CREATE INDEX users_walk_created ON users (created_date, id) INCLUDE (search_text);
CREATE INDEX users_walk_id ON users (id) INCLUDE (search_text);

-- Room on each page for the new version of a row, so that the update stays on it (HOT). Pages
-- written from now on keep it; the existing ones do when the table is next rewritten.
ALTER TABLE users SET (fillfactor = 85);

-- A user's row with the state, the sort keys and the search text from user_state, in users'
-- order of columns: an export in an order walked there (server/src/db/user-list/walked-tables.ts)
-- reads it, so that its order and filters are those of user_state's indexes.
CREATE VIEW users_by_state AS
  SELECT s.id, s.username, s.email, u.first_name, u.last_name, s.phone_number, u.password_hash,
    s.is_active, s.is_locked, s.last_login, s.created_date, s.updated_date, u.version,
    u.full_name, s.search_text, u.login_blocked_until, u.must_change_password,
    u.temporary_password_spent
  FROM user_state s JOIN users u USING (id);

-- The list plans its reads of the new table from its statistics at once.
ANALYZE user_state;
