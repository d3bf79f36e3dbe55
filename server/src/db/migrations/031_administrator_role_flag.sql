-- The administrator role is known by what it is, not by its name (issue 54): renaming it no longer
-- turns it into an ordinary role. At most one role carries the flag; the server gives it to the
-- role named by ADMIN_ROLE_NAME while no role has it (bootstrap.ts, adoptAdministratorRole).
ALTER TABLE roles ADD COLUMN administrator boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX roles_one_administrator ON roles (administrator) WHERE administrator;
