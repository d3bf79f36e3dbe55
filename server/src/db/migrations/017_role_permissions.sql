-- Delegated administration (issue 29): a role grants a set of permissions of the fixed catalogue
-- (src/shared/contract/permissions.ts, which checks every name written here). The administrator
-- role, named by configuration, grants every permission whatever this column holds.
ALTER TABLE roles ADD COLUMN permissions text[] NOT NULL DEFAULT '{}';
