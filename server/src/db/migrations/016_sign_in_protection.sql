-- A mail that will not be sent again keeps no body: it may hold a live reset link, whose token
-- is otherwise stored only as its hash (mail-outbox.ts empties it from now on).
UPDATE mail_outbox SET body = '' WHERE sent_at IS NOT NULL OR failed_at IS NOT NULL;
