-- Repeatable migration (db/migrate.ts): the current definition of these functions. Change them here, never in a
-- numbered migration: the migrator re-runs this whole file (one transaction, after the numbered migrations, under the
-- migration lock) whenever its hash changes, so every statement must be safe to repeat (`create or replace`; a new
-- signature needs `drop function if exists name(old argument types);` above it). See db/migrations/README.md.
--
-- modules/admin: admin_audit_log is append-only (its triggers are in migration 0010). One change is sanctioned: the
-- retention job's anonymisation of a member redacts the personal values in the detail of that member's entries
-- (audit.repository.ts redactMember). It names the member in the transaction's `app.audit_redaction` setting; only
-- `detail` may change (and `ip` be blanked on the member's own actions, those without an admin), only on entries
-- whose target is that member, and the new detail must carry `redacted`.
-- Rows are never deleted; every other update is refused.
create or replace function admin_audit_log_append_only() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE'
     and old.target_type = 'member'
     and old.target_id = nullif(current_setting('app.audit_redaction', true), '')
     and (new.id, new.merchant_id, new.admin_id, new.action, new.target_type, new.target_id, new.created_at)
         is not distinct from
         (old.id, old.merchant_id, old.admin_id, old.action, old.target_type, old.target_id, old.created_at)
     and (new.ip = old.ip or (old.admin_id is null and new.ip = ''))
     and new.detail ? 'redacted' then
    return new;
  end if;
  raise exception 'admin_audit_log is append-only (% refused)', tg_op using errcode = 'check_violation';
end
$$;
