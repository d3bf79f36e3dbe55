-- The users list filters by two-step sign-in (issue 30): whether a user has a confirmed row of
-- second_factors (migration 018). Its lists are counted, and their counts kept while
-- filter_version holds (migration 005): an enrolment, its confirmation or a reset moves it.
CREATE TRIGGER second_factors_filter_changed
  AFTER INSERT OR UPDATE OF confirmed_at OR DELETE OR TRUNCATE ON second_factors
  FOR EACH STATEMENT EXECUTE FUNCTION user_filter_changed();
