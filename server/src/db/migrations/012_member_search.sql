-- Each group's members and each role's holders (migration 010) carry their users' search text,
-- kept by triggers, in indexes that hold it: a search within a group or a role (a tenth of a
-- million users) is then counted from that index alone, where it read every member's row or
-- every user's, 100-400 ms. A role filter reads the holders of migration 010 rather than its
-- direct holders and its granting groups' members.
ALTER TABLE user_groups ADD COLUMN search_text text;
ALTER TABLE user_role_grant ADD COLUMN search_text text;

-- Writers wait while the copies are made, so that none is missed.
LOCK TABLE users, user_groups, user_role_grant IN SHARE ROW EXCLUSIVE MODE;
UPDATE user_groups ug SET search_text = u.search_text FROM users u WHERE u.id = ug.user_id;
UPDATE user_role_grant g SET search_text = u.search_text FROM users u WHERE u.id = g.user_id;

CREATE INDEX user_groups_group_search ON user_groups (group_id, user_id) INCLUDE (search_text);
DROP INDEX user_groups_group_user;
CREATE INDEX user_role_grant_role_search ON user_role_grant (role_id, user_id) INCLUDE (search_text);

-- A member's copy is read under a share lock: a rename of the user at the same time either
-- waits for this membership or is committed before it is read.
CREATE FUNCTION user_groups_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := (SELECT search_text FROM users WHERE id = NEW.user_id FOR SHARE);
  RETURN NEW;
END $$;

CREATE TRIGGER user_groups_search_text BEFORE INSERT OR UPDATE OF user_id ON user_groups
  FOR EACH ROW EXECUTE FUNCTION user_groups_search_text();

-- Grants are written by user_role_grant_move (migration 010), which reads their users under
-- a share lock: it now copies their search text too.
CREATE OR REPLACE FUNCTION user_role_grant_move(user_ids int[], role_ids int[], n int) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  WITH live_users AS MATERIALIZED (
    SELECT id, is_active, is_locked, search_text FROM users
    WHERE id = ANY (user_ids) ORDER BY id FOR SHARE
  ), live_roles AS MATERIALIZED (
    SELECT id FROM roles WHERE id = ANY (role_ids) ORDER BY id FOR KEY SHARE
  ), moves AS MATERIALIZED (
    SELECT m.role_id, m.user_id, n * count(*)::int AS paths
    FROM unnest(user_ids, role_ids) AS m (user_id, role_id)
    WHERE m.user_id IN (SELECT id FROM live_users) AND m.role_id IN (SELECT id FROM live_roles)
    GROUP BY 1, 2
  ), moved AS (
    INSERT INTO user_role_grant AS kept (role_id, user_id, paths, search_text)
    SELECT m.role_id, m.user_id, m.paths, u.search_text
    FROM moves m JOIN live_users u ON u.id = m.user_id ORDER BY m.role_id, m.user_id
    ON CONFLICT (role_id, user_id) DO UPDATE SET paths = kept.paths + excluded.paths
    RETURNING kept.role_id, kept.user_id, kept.paths
  ), holders AS (
    SELECT moved.role_id, u.is_active, u.is_locked,
      sum(CASE WHEN moved.paths > 0 THEN 1 ELSE 0 END
        - CASE WHEN moved.paths - moves.paths > 0 THEN 1 ELSE 0 END) AS change
    FROM moved JOIN moves USING (role_id, user_id) JOIN live_users u ON u.id = moved.user_id
    GROUP BY 1, 2, 3
  )
  INSERT INTO role_holder_total AS kept (role_id, is_active, is_locked, total)
  SELECT role_id, is_active, is_locked, change FROM holders WHERE change <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (role_id, is_active, is_locked) DO UPDATE SET total = kept.total + excluded.total;

  DELETE FROM user_role_grant g USING unnest(user_ids, role_ids) AS m (user_id, role_id)
  WHERE g.role_id = m.role_id AND g.user_id = m.user_id AND g.paths = 0;
END $$;

-- A user renamed (a new name, email or phone) renames their copies. Fires on every update of
-- users (a transition table cannot go with a column list); most rename nobody. The new texts are
-- found by grouping the old and new rows (see users_member_totals_update, migration 010).
CREATE FUNCTION users_member_search_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH renamed AS MATERIALIZED (
    SELECT id, search_text FROM (
      SELECT id, search_text, 1 AS n FROM after_rows
      UNION ALL
      SELECT id, search_text, -1 FROM before_rows
    ) texts GROUP BY 1, 2 HAVING sum(n) > 0
  ), groups_renamed AS (
    UPDATE user_groups ug SET search_text = r.search_text FROM renamed r WHERE ug.user_id = r.id
  )
  UPDATE user_role_grant g SET search_text = r.search_text FROM renamed r WHERE g.user_id = r.id;
  RETURN NULL;
END $$;

CREATE TRIGGER users_member_search_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_member_search_update();
