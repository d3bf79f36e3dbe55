-- Every role's and every group's lists held by migration 005's one filter version, which any
-- membership anywhere moved: a bulk action adding 10,000 users to one group made stale, fifty
-- times over, the kept list and counts of every other role and group, which were then read
-- again in full beside it. Each role and each group now has a version of its own, moved by the
-- statements that change who holds it or belongs to it: the rows of user_role_grant (migration
-- 010; direct roles, memberships, groups' roles and activity all come to it) and of user_groups.
-- A role or group with no row is at version 0.
CREATE TABLE role_list_version (
  role_id integer PRIMARY KEY,
  version bigint NOT NULL
);

CREATE TABLE group_list_version (
  group_id integer PRIMARY KEY,
  version bigint NOT NULL
);

-- Moves the version (table TG_ARGV[0], keyed by column TG_ARGV[1]) of each role or group whose
-- members a statement changed: the rows it added or removed, and for an update those whose pair
-- (TG_ARGV[1], user_id) changed (migration 012's copies of search texts change neither).
CREATE FUNCTION member_list_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pair text := format('%I, user_id', TG_ARGV[1]);
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %s FROM added', pair)
    WHEN 'DELETE' THEN format('SELECT %s FROM removed', pair)
    ELSE format('(SELECT %1$s FROM added EXCEPT SELECT %1$s FROM removed)
      UNION ALL (SELECT %1$s FROM removed EXCEPT SELECT %1$s FROM added)', pair)
  END;
BEGIN
  EXECUTE format(
    'INSERT INTO %1$I AS kept (%2$I, version)
     SELECT DISTINCT %2$I, 1 FROM (%3$s) links ORDER BY 1
     ON CONFLICT (%2$I) DO UPDATE SET version = kept.version + 1',
    TG_ARGV[0], TG_ARGV[1], changed);
  RETURN NULL;
END $$;

-- A table emptied at once moves the version of every role or group.
CREATE FUNCTION member_lists_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('UPDATE %I SET version = version + 1', TG_ARGV[0]);
  RETURN NULL;
END $$;

-- A holder's paths change without the role's holders changing: only inserts and deletes count.
CREATE TRIGGER user_role_grant_list_insert AFTER INSERT ON user_role_grant
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION member_list_moved('role_list_version', 'role_id');
CREATE TRIGGER user_role_grant_list_delete AFTER DELETE ON user_role_grant
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION member_list_moved('role_list_version', 'role_id');
CREATE TRIGGER user_role_grant_list_truncate AFTER TRUNCATE ON user_role_grant
  FOR EACH STATEMENT EXECUTE FUNCTION member_lists_emptied('role_list_version');

CREATE TRIGGER user_groups_list_insert AFTER INSERT ON user_groups
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION member_list_moved('group_list_version', 'group_id');
CREATE TRIGGER user_groups_list_delete AFTER DELETE ON user_groups
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION member_list_moved('group_list_version', 'group_id');
CREATE TRIGGER user_groups_list_update AFTER UPDATE ON user_groups
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION member_list_moved('group_list_version', 'group_id');
CREATE TRIGGER user_groups_list_truncate AFTER TRUNCATE ON user_groups
  FOR EACH STATEMENT EXECUTE FUNCTION member_lists_emptied('group_list_version');

-- Migration 005's filter version is left to second factors (migration 021): memberships,
-- direct roles, groups' roles and activity no longer move it, nor wait on its one row.
DROP TRIGGER user_roles_filter_changed ON user_roles;
DROP TRIGGER user_groups_filter_changed ON user_groups;
DROP TRIGGER group_roles_filter_changed ON group_roles;
DROP TRIGGER groups_filter_changed ON groups;
