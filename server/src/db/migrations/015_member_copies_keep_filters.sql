-- Every update of users (a sign-in too) runs migration 012's statement that renames members'
-- copies of search texts, on no rows most times; an UPDATE statement on user_groups moved
-- migration 005's filter version all the same, and with it every kept count of a filtered list
-- and the anchors of every role's and group's list. Only a change of membership moves it now.
DROP TRIGGER user_groups_filter_changed ON user_groups;
CREATE TRIGGER user_groups_filter_changed
  AFTER INSERT OR DELETE OR UPDATE OF user_id, group_id OR TRUNCATE ON user_groups
  FOR EACH STATEMENT EXECUTE FUNCTION user_filter_changed();
