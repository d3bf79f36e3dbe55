-- The users list's filters (issue 12): status, lock, a role held (directly or through an active
-- group) and a group. Each filtered page must stay as fast as the unfiltered one at a million users.

-- Members of a role or a group, read from the index alone.
CREATE INDEX user_roles_role_user ON user_roles (role_id, user_id);
DROP INDEX user_roles_role;
CREATE INDEX user_groups_group_user ON user_groups (group_id, user_id);
DROP INDEX user_groups_group;

-- A page deep in the list by username or email is found by counting index entries: with the
-- column itself in the index, PostgreSQL counts them from the index alone (an expression index
-- alone cannot serve an index-only scan).
CREATE INDEX users_sort_username_covering ON users (lower(username), id) INCLUDE (username);
DROP INDEX users_sort_username;
CREATE INDEX users_sort_email_covering ON users (lower(email), id) INCLUDE (email);
DROP INDEX users_sort_email;

-- Inactive and locked users are a few percent of all: walking a full sort index for them would
-- read dozens of rows per row shown, so each sort has a small index of them alone. Active and
-- unlocked users are most of the table and walk the full sort indexes of migration 001.
CREATE INDEX users_inactive_sort_username ON users (lower(username), id) WHERE NOT is_active;
CREATE INDEX users_inactive_sort_email ON users (lower(email), id) WHERE NOT is_active;
CREATE INDEX users_inactive_sort_phone ON users (phone_number, id) WHERE NOT is_active;
CREATE INDEX users_inactive_sort_locked ON users (is_locked, id) WHERE NOT is_active;
CREATE INDEX users_inactive_sort_last_login ON users (last_login, id) WHERE NOT is_active;
CREATE INDEX users_inactive_sort_created ON users (created_date, id) WHERE NOT is_active;
CREATE INDEX users_inactive_sort_updated ON users (updated_date, id) WHERE NOT is_active;
CREATE INDEX users_inactive_sort_id ON users (id) WHERE NOT is_active;
CREATE INDEX users_locked_sort_username ON users (lower(username), id) WHERE is_locked;
CREATE INDEX users_locked_sort_email ON users (lower(email), id) WHERE is_locked;
CREATE INDEX users_locked_sort_phone ON users (phone_number, id) WHERE is_locked;
CREATE INDEX users_locked_sort_active ON users (is_active, id) WHERE is_locked;
CREATE INDEX users_locked_sort_last_login ON users (last_login, id) WHERE is_locked;
CREATE INDEX users_locked_sort_created ON users (created_date, id) WHERE is_locked;
CREATE INDEX users_locked_sort_updated ON users (updated_date, id) WHERE is_locked;
CREATE INDEX users_locked_sort_id ON users (id) WHERE is_locked;

-- The number of users per status and lock, kept exact by statement triggers like user_total, so
-- that a list filtered by status or lock alone answers its total without counting.
CREATE TABLE user_status_total (
  is_active boolean NOT NULL,
  is_locked boolean NOT NULL,
  total bigint NOT NULL,
  PRIMARY KEY (is_active, is_locked)
);
INSERT INTO user_status_total (is_active, is_locked, total)
SELECT a, l, (SELECT count(*) FROM users WHERE is_active = a AND is_locked = l)
FROM (VALUES (true), (false)) AS active (a), (VALUES (true), (false)) AS locked (l);

CREATE FUNCTION user_status_total_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_status_total t SET total = t.total + d.n
  FROM (SELECT is_active, is_locked, count(*) AS n FROM added GROUP BY 1, 2) d
  WHERE t.is_active = d.is_active AND t.is_locked = d.is_locked;
  RETURN NULL;
END $$;

CREATE FUNCTION user_status_total_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_status_total t SET total = t.total - d.n
  FROM (SELECT is_active, is_locked, count(*) AS n FROM removed GROUP BY 1, 2) d
  WHERE t.is_active = d.is_active AND t.is_locked = d.is_locked;
  RETURN NULL;
END $$;

-- Fires on every update of users (a transition table cannot go with a column list); most
-- updates (a sign-in, a profile) move no user between cells and then write nothing.
CREATE FUNCTION user_status_total_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_status_total t SET total = t.total + d.n
  FROM (
    SELECT is_active, is_locked, sum(n) AS n FROM (
      SELECT is_active, is_locked, 1 AS n FROM after_rows
      UNION ALL
      SELECT is_active, is_locked, -1 FROM before_rows
    ) moves GROUP BY 1, 2 HAVING sum(n) <> 0
  ) d
  WHERE t.is_active = d.is_active AND t.is_locked = d.is_locked;
  RETURN NULL;
END $$;

CREATE TRIGGER users_status_total_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION user_status_total_insert();
CREATE TRIGGER users_status_total_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION user_status_total_delete();
CREATE TRIGGER users_status_total_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_status_total_update();

-- Like search_version (migration 003) for what a filter can match: it moves whenever a user's
-- status, lock, roles or groups, a group's roles or a group's activity may have changed, so
-- that the exact count of a filtered list is reused, still exact, until it moves.
ALTER TABLE user_total ADD COLUMN filter_version bigint NOT NULL DEFAULT 0;

CREATE FUNCTION user_filter_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_total SET filter_version = filter_version + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER users_filter_changed AFTER UPDATE OF is_active, is_locked ON users
  FOR EACH STATEMENT EXECUTE FUNCTION user_filter_changed();
CREATE TRIGGER user_roles_filter_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_roles
  FOR EACH STATEMENT EXECUTE FUNCTION user_filter_changed();
CREATE TRIGGER user_groups_filter_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_groups
  FOR EACH STATEMENT EXECUTE FUNCTION user_filter_changed();
CREATE TRIGGER group_roles_filter_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON group_roles
  FOR EACH STATEMENT EXECUTE FUNCTION user_filter_changed();
CREATE TRIGGER groups_filter_changed AFTER UPDATE OF active OR DELETE ON groups
  FOR EACH STATEMENT EXECUTE FUNCTION user_filter_changed();
