-- The members of each group and the holders of each role, per status and lock, kept exact by
-- triggers: the first count of a list filtered by a group (about 6 % of a million users) or by a
-- role held through groups otherwise reads every member and probes each one's status, 30-110 ms.
CREATE TABLE group_member_total (
  group_id integer NOT NULL,
  is_active boolean NOT NULL,
  is_locked boolean NOT NULL,
  total bigint NOT NULL,
  PRIMARY KEY (group_id, is_active, is_locked)
);

-- Every role each user holds, with the number of ways: directly, and through each active group
-- that grants it (as user-list/filters.ts and admins.ts read a role held). A user holds the role while
-- paths > 0; rows at 0 are removed. Each carries its user's search text (renames: migration 012),
-- so that a search within a role is counted from the index alone.
CREATE TABLE user_role_grant (
  role_id integer NOT NULL,
  user_id integer NOT NULL,
  paths integer NOT NULL,
  search_text text,
  PRIMARY KEY (role_id, user_id)
);
CREATE INDEX user_role_grant_user ON user_role_grant (user_id);
CREATE INDEX user_role_grant_role_search ON user_role_grant (role_id, user_id) INCLUDE (search_text);

CREATE TABLE role_holder_total (
  role_id integer NOT NULL,
  is_active boolean NOT NULL,
  is_locked boolean NOT NULL,
  total bigint NOT NULL,
  PRIMARY KEY (role_id, is_active, is_locked)
);

-- Lock order, so that a change of a membership and a concurrent change of the user's status or
-- of the group's roles or activity cannot both miss the other: memberships lock their users and
-- groups FOR SHARE, a status change and a group's changes take those rows' update locks. Every
-- write of a group's or role's kept rows locks the group or role (FOR KEY SHARE at least), so
-- that a delete of it, which takes them away, waits for those writes or is seen by them.

-- Adds `n` (1 or -1) for each member (user_ids[i], group_ids[i]) to its group's total, in the
-- cell of the user's status and lock. Users or groups deleted meanwhile are skipped: their
-- delete triggers took their members away beforehand.
CREATE FUNCTION group_member_total_move(user_ids int[], group_ids int[], n int) RETURNS void
LANGUAGE sql AS $$
  WITH members AS (
    SELECT m.user_id, m.group_id FROM unnest(user_ids, group_ids) AS m (user_id, group_id)
  ), live_users AS MATERIALIZED (
    SELECT id, is_active, is_locked FROM users
    WHERE id IN (SELECT user_id FROM members) ORDER BY id FOR SHARE
  ), live_groups AS MATERIALIZED (
    SELECT id FROM groups WHERE id IN (SELECT group_id FROM members) ORDER BY id FOR SHARE
  )
  INSERT INTO group_member_total AS kept (group_id, is_active, is_locked, total)
  SELECT m.group_id, u.is_active, u.is_locked, n * count(*)
  FROM members m JOIN live_users u ON u.id = m.user_id JOIN live_groups g ON g.id = m.group_id
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (group_id, is_active, is_locked) DO UPDATE SET total = kept.total + excluded.total
$$;

-- Adds `n` (1 or -1) paths for each grant (user_ids[i], role_ids[i]), and moves the holders'
-- totals of the users who start or stop holding a role. Users or roles deleted meanwhile are
-- skipped, as above.
CREATE FUNCTION user_role_grant_move(user_ids int[], role_ids int[], n int) RETURNS void
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

-- Members joining or leaving groups: the groups' totals, and the roles those groups grant while
-- active.
CREATE FUNCTION user_groups_move(user_ids int[], group_ids int[], n int) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  grant_users int[];
  grant_roles int[];
BEGIN
  PERFORM group_member_total_move(user_ids, group_ids, n);
  SELECT array_agg(m.user_id), array_agg(gr.role_id) INTO grant_users, grant_roles
  FROM unnest(user_ids, group_ids) AS m (user_id, group_id)
  JOIN groups g ON g.id = m.group_id AND g.active
  JOIN group_roles gr ON gr.group_id = m.group_id;
  IF grant_users IS NOT NULL THEN
    PERFORM user_role_grant_move(grant_users, grant_roles, n);
  END IF;
END $$;

-- A group's roles granted to its members, or taken back (n = -1), while the group is active.
-- The groups' rows are locked first: a membership changing meanwhile waits (see lock order).
CREATE FUNCTION group_roles_move(group_ids int[], role_ids int[], n int) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  grant_users int[];
  grant_roles int[];
BEGIN
  PERFORM 1 FROM groups WHERE id = ANY (group_ids) ORDER BY id FOR NO KEY UPDATE;
  SELECT array_agg(ug.user_id), array_agg(m.role_id) INTO grant_users, grant_roles
  FROM unnest(group_ids, role_ids) AS m (group_id, role_id)
  JOIN groups g ON g.id = m.group_id AND g.active
  JOIN user_groups ug ON ug.group_id = m.group_id;
  IF grant_users IS NOT NULL THEN
    PERFORM user_role_grant_move(grant_users, grant_roles, n);
  END IF;
END $$;

-- The initial totals. Writers wait while they are made, so that none is missed.
LOCK TABLE users, groups, roles, user_groups, user_roles, group_roles IN SHARE ROW EXCLUSIVE MODE;
INSERT INTO group_member_total (group_id, is_active, is_locked, total)
SELECT ug.group_id, u.is_active, u.is_locked, count(*)
FROM user_groups ug JOIN users u ON u.id = ug.user_id GROUP BY 1, 2, 3;
INSERT INTO user_role_grant (role_id, user_id, paths, search_text)
SELECT grants.role_id, grants.user_id, count(*), min(u.search_text) FROM (
  SELECT role_id, user_id FROM user_roles
  UNION ALL
  SELECT gr.role_id, ug.user_id FROM user_groups ug
  JOIN groups g ON g.id = ug.group_id AND g.active
  JOIN group_roles gr ON gr.group_id = ug.group_id
) grants JOIN users u ON u.id = grants.user_id GROUP BY 1, 2;
INSERT INTO role_holder_total (role_id, is_active, is_locked, total)
SELECT g.role_id, u.is_active, u.is_locked, count(*)
FROM user_role_grant g JOIN users u ON u.id = g.user_id GROUP BY 1, 2, 3;

-- Links added, removed or changed (memberships, direct roles, a group's roles): a statement
-- trigger over their transition tables hands the two ids of each link (the columns TG_ARGV[0]
-- and TG_ARGV[1]) to the move function TG_ARGV[2], with -1 for each link gone and 1 for each
-- link come. An update of a link row is its old row leaving and its new row joining, if the two
-- differ: migration 012's copies of search texts update links without moving them.
CREATE FUNCTION link_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pair text := format('%I, %I', TG_ARGV[0], TG_ARGV[1]);
  n int;
  firsts int[];
  seconds int[];
BEGIN
  FOREACH n IN ARRAY ARRAY[-1, 1] LOOP
    CONTINUE WHEN TG_OP = CASE n WHEN -1 THEN 'INSERT' ELSE 'DELETE' END;
    EXECUTE format('SELECT array_agg(%I), array_agg(%I) FROM (SELECT %s FROM %s%s) links',
      TG_ARGV[0], TG_ARGV[1], pair, CASE n WHEN -1 THEN 'removed' ELSE 'added' END,
      CASE WHEN TG_OP = 'UPDATE' THEN format(' EXCEPT ALL SELECT %s FROM %s', pair,
        CASE n WHEN -1 THEN 'added' ELSE 'removed' END) ELSE '' END)
    INTO firsts, seconds;
    IF firsts IS NOT NULL THEN
      EXECUTE format('SELECT %I($1, $2, $3)', TG_ARGV[2]) USING firsts, seconds, n;
    END IF;
  END LOOP;
  RETURN NULL;
END $$;

CREATE TRIGGER user_groups_totals_insert AFTER INSERT ON user_groups
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION link_totals('user_id', 'group_id', 'user_groups_move');
CREATE TRIGGER user_groups_totals_delete AFTER DELETE ON user_groups
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION link_totals('user_id', 'group_id', 'user_groups_move');
CREATE TRIGGER user_groups_totals_update AFTER UPDATE ON user_groups
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION link_totals('user_id', 'group_id', 'user_groups_move');
CREATE TRIGGER user_roles_totals_insert AFTER INSERT ON user_roles
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION link_totals('user_id', 'role_id', 'user_role_grant_move');
CREATE TRIGGER user_roles_totals_delete AFTER DELETE ON user_roles
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION link_totals('user_id', 'role_id', 'user_role_grant_move');
CREATE TRIGGER user_roles_totals_update AFTER UPDATE ON user_roles
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION link_totals('user_id', 'role_id', 'user_role_grant_move');
CREATE TRIGGER group_roles_totals_insert AFTER INSERT ON group_roles
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION link_totals('group_id', 'role_id', 'group_roles_move');
CREATE TRIGGER group_roles_totals_delete AFTER DELETE ON group_roles
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION link_totals('group_id', 'role_id', 'group_roles_move');
CREATE TRIGGER group_roles_totals_update AFTER UPDATE ON group_roles
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION link_totals('group_id', 'role_id', 'group_roles_move');

-- A group activated or deactivated grants or takes back its roles from every member.
CREATE FUNCTION groups_totals_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  grant_users int[];
  grant_roles int[];
  n int;
BEGIN
  FOREACH n IN ARRAY ARRAY[1, -1] LOOP
    SELECT array_agg(ug.user_id), array_agg(gr.role_id) INTO grant_users, grant_roles
    FROM after_rows a JOIN before_rows b USING (id)
    JOIN user_groups ug ON ug.group_id = a.id
    JOIN group_roles gr ON gr.group_id = a.id
    WHERE a.active = (n = 1) AND b.active = (n = -1);
    IF grant_users IS NOT NULL THEN
      PERFORM user_role_grant_move(grant_users, grant_roles, n);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;

CREATE TRIGGER groups_totals_update AFTER UPDATE ON groups
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION groups_totals_update();

-- Users whose status or lock changed move, with every group and role they hold, to their new
-- cell. Fires on every update of users (a transition table cannot go with a column list); most
-- updates (a sign-in, a profile) move nobody and write nothing. The old and new rows are told
-- apart by grouping, not by joining the two transition tables, which PostgreSQL may do row by
-- row: 100 million comparisons for 10,000 users.
CREATE FUNCTION users_member_totals_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH cells AS MATERIALIZED (
    SELECT id, is_active, is_locked, sum(n)::int AS n FROM (
      SELECT id, is_active, is_locked, 1 AS n FROM after_rows
      UNION ALL
      SELECT id, is_active, is_locked, -1 FROM before_rows
    ) moves GROUP BY 1, 2, 3 HAVING sum(n) <> 0
  ), live_groups AS MATERIALIZED (
    SELECT id FROM groups
    WHERE id IN (SELECT group_id FROM user_groups WHERE user_id IN (SELECT id FROM cells))
    ORDER BY id FOR KEY SHARE
  ), live_roles AS MATERIALIZED (
    SELECT id FROM roles
    WHERE id IN (SELECT role_id FROM user_role_grant WHERE user_id IN (SELECT id FROM cells))
    ORDER BY id FOR KEY SHARE
  ), groups_moved AS (
    INSERT INTO group_member_total AS kept (group_id, is_active, is_locked, total)
    SELECT ug.group_id, c.is_active, c.is_locked, sum(c.n)
    FROM cells c JOIN user_groups ug ON ug.user_id = c.id
    WHERE ug.group_id IN (SELECT id FROM live_groups)
    GROUP BY 1, 2, 3 HAVING sum(c.n) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (group_id, is_active, is_locked) DO UPDATE SET total = kept.total + excluded.total
  )
  INSERT INTO role_holder_total AS kept (role_id, is_active, is_locked, total)
  SELECT g.role_id, c.is_active, c.is_locked, sum(c.n)
  FROM cells c JOIN user_role_grant g ON g.user_id = c.id AND g.paths > 0
  WHERE g.role_id IN (SELECT id FROM live_roles)
  GROUP BY 1, 2, 3 HAVING sum(c.n) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT (role_id, is_active, is_locked) DO UPDATE SET total = kept.total + excluded.total;
  RETURN NULL;
END $$;

CREATE TRIGGER users_member_totals_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_member_totals_update();

-- A user, group or role deleted takes its members and grants away before its links are
-- cascaded, while it can still be read; the link triggers then skip it.
CREATE FUNCTION users_member_totals_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE group_member_total t SET total = t.total - 1
  FROM user_groups ug
  WHERE ug.user_id = OLD.id AND t.group_id = ug.group_id
    AND t.is_active = OLD.is_active AND t.is_locked = OLD.is_locked;
  UPDATE role_holder_total t SET total = t.total - 1
  FROM user_role_grant g
  WHERE g.user_id = OLD.id AND g.paths > 0 AND t.role_id = g.role_id
    AND t.is_active = OLD.is_active AND t.is_locked = OLD.is_locked;
  DELETE FROM user_role_grant WHERE user_id = OLD.id;
  RETURN OLD;
END $$;

CREATE FUNCTION groups_member_totals_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  grant_users int[];
  grant_roles int[];
BEGIN
  DELETE FROM group_member_total WHERE group_id = OLD.id;
  IF OLD.active THEN
    SELECT array_agg(ug.user_id), array_agg(gr.role_id) INTO grant_users, grant_roles
    FROM user_groups ug JOIN group_roles gr ON gr.group_id = ug.group_id
    WHERE ug.group_id = OLD.id;
    IF grant_users IS NOT NULL THEN
      PERFORM user_role_grant_move(grant_users, grant_roles, -1);
    END IF;
  END IF;
  RETURN OLD;
END $$;

CREATE FUNCTION roles_member_totals_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM role_holder_total WHERE role_id = OLD.id;
  DELETE FROM user_role_grant WHERE role_id = OLD.id;
  RETURN OLD;
END $$;

CREATE TRIGGER users_member_totals_delete BEFORE DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION users_member_totals_delete();
CREATE TRIGGER groups_member_totals_delete BEFORE DELETE ON groups
  FOR EACH ROW EXECUTE FUNCTION groups_member_totals_delete();
CREATE TRIGGER roles_member_totals_delete BEFORE DELETE ON roles
  FOR EACH ROW EXECUTE FUNCTION roles_member_totals_delete();
