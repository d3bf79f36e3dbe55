-- The audit log's screen reads it newest first, whole or filtered by who acted, which user or
-- other object was acted on, or the action, each optionally within a range of days. Each index
-- serves one filter's first page in its order and its count, at millions of entries.
CREATE INDEX audit_log_newest ON audit_log (created_at DESC, id DESC);
CREATE INDEX audit_log_by_actor ON audit_log (actor_id, created_at DESC, id DESC);
CREATE INDEX audit_log_by_target ON audit_log (target_type, target_id, created_at DESC, id DESC);
CREATE INDEX audit_log_by_action ON audit_log (action, created_at DESC, id DESC);
