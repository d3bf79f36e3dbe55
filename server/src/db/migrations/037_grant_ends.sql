-- Grants with an end (issue 57): a user's direct role or group membership may carry the time it
-- ends and why it was given for a while. It counts while ends_at is null or later than the
-- server's clock (grant-ends.ts); the job that takes ended grants away reads them by their end.
ALTER TABLE user_roles ADD COLUMN ends_at timestamptz, ADD COLUMN reason text;
ALTER TABLE user_groups ADD COLUMN ends_at timestamptz, ADD COLUMN reason text;
CREATE INDEX user_roles_ends_at ON user_roles (ends_at) WHERE ends_at IS NOT NULL;
CREATE INDEX user_groups_ends_at ON user_groups (ends_at) WHERE ends_at IS NOT NULL;
