-- Issue 57: the lists by last sign-in counted exactly at a million users. A list not signed in
-- since a time is counted as a range of the users' last sign-in, or creation for who never
-- signed in, by status (`countByLastSignIn` in user-list/counts.ts); its columns included, so
-- that the count reads the index alone. Who never signed in are counted from the second.
CREATE INDEX user_state_last_sign_in ON user_state (is_active, (coalesce(last_login, created_date)))
  INCLUDE (last_login, created_date);
CREATE INDEX user_state_never_signed_in ON user_state (is_active) WHERE last_login IS NULL;
