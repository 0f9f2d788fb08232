-- Every server keeps signed-in callers' sessions, accounts and favourites in a per-process cache
-- (server/http/session-cache.ts) and drops a user's entries when `yoyaku_account_changed` names them
-- (payload: the user id; '*' for everyone). The database sends the notices itself, so every write is
-- seen, whichever call, job or hand at psql made it; PostgreSQL and PGlite send them on commit only,
-- and fold identical ones of one transaction into one.
CREATE FUNCTION "notify_account_changed_by_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('yoyaku_account_changed', OLD.id::text);
  IF TG_OP = 'UPDATE' AND NEW.id <> OLD.id THEN
    PERFORM pg_notify('yoyaku_account_changed', NEW.id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "notify_account_changed_by_user_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('yoyaku_account_changed', OLD.user_id::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('yoyaku_account_changed', NEW.user_id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "notify_all_accounts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('yoyaku_account_changed', '*');
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Any column of an account may show in an answer (role: the price column, disabled, e-mail, points).
CREATE TRIGGER "users_notify_changed" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "notify_account_changed_by_id"();--> statement-breakpoint
-- Not on last_seen_at: a token renewal touches it, and ending nothing, it must not empty caches.
CREATE TRIGGER "sessions_notify_ended" AFTER UPDATE ON "sessions" FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at OR OLD.user_id IS DISTINCT FROM NEW.user_id) EXECUTE FUNCTION "notify_account_changed_by_user_id"();--> statement-breakpoint
CREATE TRIGGER "sessions_notify_deleted" AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "notify_account_changed_by_user_id"();--> statement-breakpoint
-- Also fires for the rows a product's deletion removes (on delete cascade).
CREATE TRIGGER "favourites_notify_changed" AFTER INSERT OR UPDATE OR DELETE ON "favourites" FOR EACH ROW EXECUTE FUNCTION "notify_account_changed_by_user_id"();--> statement-breakpoint
CREATE TRIGGER "users_notify_truncated" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "notify_all_accounts_changed"();--> statement-breakpoint
CREATE TRIGGER "sessions_notify_truncated" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_all_accounts_changed"();--> statement-breakpoint
CREATE TRIGGER "favourites_notify_truncated" AFTER TRUNCATE ON "favourites" FOR EACH STATEMENT EXECUTE FUNCTION "notify_all_accounts_changed"();
