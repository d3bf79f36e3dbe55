-- Who holds a role or is in a group, in the order of the users' ids: each read comes from one
-- index alone. IF NOT EXISTS and the members_ prefix let an equal index of another migration
-- live beside these.
CREATE INDEX IF NOT EXISTS members_user_roles_role_user ON user_roles (role_id, user_id);
CREATE INDEX IF NOT EXISTS members_user_groups_group_user ON user_groups (group_id, user_id);
