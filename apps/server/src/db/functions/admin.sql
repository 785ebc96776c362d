-- Repeatable migration (db/migrate.ts): the current definition of these functions. Change them here, never in a
-- numbered migration: the migrator re-runs this whole file (one transaction, after the numbered migrations, under the
-- migration lock) whenever its hash changes, so every statement must be safe to repeat (`create or replace`; a new
-- signature needs `drop function if exists name(old argument types);` above it). See db/migrations/README.md.
--
-- modules/admin: admin_audit_log is append-only (its triggers are in migration 0010).
create or replace function admin_audit_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'admin_audit_log is append-only (% refused)', tg_op using errcode = 'check_violation';
end
$$;
