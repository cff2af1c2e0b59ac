-- Documents are evidence (issue 31). An 'obra' member removed the object behind the admin's
-- comprovante on a paid, approved bill and stored other bytes under the same name (Storage answered
-- 200 both times, nothing in the audit), deleted that comprovante's documents row, and attached its
-- own comprovante to a paid bill that had none. A documents insert naming another company's entry
-- with a known sha256 answered document_duplicate. Files of a deleted entry stayed readable by any
-- obra member. Now:
--
-- - documents rows: an 'obra' member adds to payables of its obras that have no payment
--   (document_entry_paid otherwise) and removes only from those not approved and without payment
--   (document_locked otherwise); admin and financeiro always. Every insert and delete is audited
--   (documents_audit, who and when), and a removed row's path is kept in private.detached_documents
--   with who removed it.
-- - storage.objects (bucket documentos), real policies that hosted Storage applies too, all through
--   private.document_object_access:
--   * an object whose name a documents row holds is never removed (document_in_use, any role): the
--     row goes first (audited), then the object; so every object removal follows its row's audited
--     removal (an object that never had a row, e.g. one whose row was refused, is removed by its
--     uploader or admin/financeiro);
--   * a name a documents row holds or held is never written again (document_name_taken, any role;
--     with no UPDATE policy, upsert and update stay refused too);
--   * a detached object (its row removed, e.g. by delete_entry) is read and removed only by admin,
--     financeiro and the member who removed its row, until Storage's API removes it (hosted refuses
--     SQL deletes on storage.objects);
--   * an 'obra' member adds only under entries/{payable of its obras with no payment}.
--   Refusals raised inside a policy use SQLSTATE 42501 with the key as message: hosted storage-api
--   answers a 42501 whose message is not the row-level-security one as AccessDenied carrying that
--   message (src/storage/database/errors.ts, DBError.fromDBError), as the local stand-in does.
-- - The duplicate check answers only within the caller's company, and the unique keys include the
--   company: another company's entry id gives the foreign-key refusal, whatever the sha256.

-- ---------------------------------------------------------------------------------------------
-- Paths of removed documents rows, and who removed them
-- ---------------------------------------------------------------------------------------------

create table private.detached_documents (
  storage_path text primary key,
  company_id uuid not null,
  detached_by uuid,
  detached_at timestamptz not null default now()
);
comment on table private.detached_documents is
  'The storage path of every removed documents row, who removed it (auth.uid()) and when: the Storage '
  'policies let only admin, financeiro and that member reach the object, and never write the name again. '
  'Written by private.detach_document (trigger); the removal itself is in audit_log (documents, DELETE).';
create index detached_documents_company_idx on private.detached_documents (company_id);
revoke all on table private.detached_documents from public, anon, authenticated, service_role;

create function private.detach_document()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.detached_documents (storage_path, company_id, detached_by)
  select o.storage_path, o.company_id, (select auth.uid()) from old_rows o
  on conflict (storage_path) do nothing;
  return null;
end;
$$;
comment on function private.detach_document() is 'Trigger (statement, after delete on documents): records the removed rows'' paths in private.detached_documents with the remover.';
revoke all on function private.detach_document() from public, anon, authenticated;

create trigger documents_detach after delete on public.documents
  referencing old table as old_rows
  for each statement execute function private.detach_document();

-- ---------------------------------------------------------------------------------------------
-- documents rows: who may add and remove
-- ---------------------------------------------------------------------------------------------

-- Same file twice on one entry or payment, within the company only.
alter table public.documents drop constraint documents_entry_id_sha256_key;
alter table public.documents drop constraint documents_payment_id_sha256_key;
alter table public.documents add constraint documents_company_entry_sha256_key unique (company_id, entry_id, sha256);
alter table public.documents add constraint documents_company_payment_sha256_key unique (company_id, payment_id, sha256);

create or replace function private.check_document()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_caller uuid := (select auth.uid());
begin
  -- Not one of the caller's companies: nothing is looked up (RLS refuses the row).
  if v_caller is not null
     and not exists (select 1 from private.user_company_ids() c where c = new.company_id) then
    return new;
  end if;
  if new.payment_id is not null and not exists (
    select 1 from public.transactions t where t.id = new.payment_id and t.company_id = new.company_id
  ) then
    raise exception using errcode = 'P0001', message = 'payment_not_found';
  end if;
  if exists (select 1 from private.detached_documents x where x.storage_path = new.storage_path) then
    raise exception using errcode = 'P0001', message = 'document_name_taken';
  end if;
  -- An 'obra' member: not to a payable of its obras that already has a payment.
  if v_caller is not null and new.payable_id is not null
     and not exists (select 1 from private.writer_company_ids() c where c = new.company_id)
     and exists (
       select 1 from public.accounts_payable e
       where e.company_id = new.company_id and e.id = new.payable_id
         and e.project_id in (select private.obra_project_ids())
         and (e.status = 'paid' or e.paid_amount > 0)
     ) then
    raise exception using errcode = 'P0001', message = 'document_entry_paid';
  end if;
  if exists (
    select 1 from public.documents d
    where d.company_id = new.company_id and d.sha256 = new.sha256
      and (d.entry_id = coalesce(new.payable_id, new.receivable_id) or d.payment_id = new.payment_id)
  ) then
    raise exception using errcode = 'P0001', message = 'document_duplicate';
  end if;
  return new;
end;
$$;
comment on function private.check_document() is 'Trigger: within the caller''s companies only (another company''s row is left to RLS and the foreign keys): payment_not_found (a payment of another company), document_name_taken (a path a removed row held), document_entry_paid (an ''obra'' member adding to a payable with a payment), document_duplicate (the same sha256 already on the entry or payment of the company).';
revoke all on function private.check_document() from public, anon, authenticated;

create function private.guard_document_removal()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- The database itself (migrations, the company being deleted: its rows cascade) and admin/financeiro.
  if (select auth.uid()) is null
     or not exists (select 1 from public.companies c where c.id = old.company_id)
     or exists (select 1 from private.writer_company_ids() c where c = old.company_id) then
    return old;
  end if;
  -- Anyone else RLS lets this far is an 'obra' member on a payable of its obras.
  if old.payable_id is null or exists (
    select 1 from public.accounts_payable e
    where e.company_id = old.company_id and e.id = old.payable_id
      and (e.approval_status = 'approved' or e.status = 'paid' or e.paid_amount > 0)
  ) then
    raise exception using errcode = 'P0001', message = 'document_locked';
  end if;
  return old;
end;
$$;
comment on function private.guard_document_removal() is 'Trigger (before delete on documents): once its entry is approved or has a payment, only admin and financeiro remove a document (document_locked).';
revoke all on function private.guard_document_removal() from public, anon, authenticated;

create trigger documents_guard_removal before delete on public.documents
  for each row execute function private.guard_document_removal();

-- ---------------------------------------------------------------------------------------------
-- storage.objects of bucket documentos
-- ---------------------------------------------------------------------------------------------

-- May the caller read ('read'), add ('add') or remove ('remove') the object named p_name (its
-- owner_id p_owner_id)? Raises 42501 with a key where a specific refusal is due (see the header).
-- Segments are compared as text before any cast: a bad segment says no, never raises.
create function private.document_object_access(p_name text, p_owner_id text, p_action text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_uuid constant text := '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
  v_uid uuid := (select auth.uid());
  v_parts text[] := storage.foldername(p_name);
  v_company uuid;
  v_role text;
  v_entry uuid;
  v_obra_path boolean := false;
  v_detached_by uuid;
  v_detached boolean;
  v_writer boolean;
begin
  if v_uid is null or coalesce(array_length(v_parts, 1), 0) < 1 or v_parts[1] !~ v_uuid then
    return false;
  end if;
  v_company := v_parts[1]::uuid;
  select p.role into v_role from public.user_profiles p
  where p.user_id = v_uid and p.company_id = v_company and p.is_active;
  if v_role is null then
    return false;
  end if;
  v_writer := v_role in ('admin', 'financeiro');
  if v_role = 'obra' and array_length(v_parts, 1) = 3 and v_parts[2] = 'entries' and v_parts[3] ~ v_uuid then
    v_entry := v_parts[3]::uuid;
    v_obra_path := exists (
      select 1 from public.accounts_payable e
      where e.company_id = v_company and e.id = v_entry and e.project_id in (select private.obra_project_ids())
    );
  end if;
  select x.detached_by into v_detached_by from private.detached_documents x where x.storage_path = p_name;
  v_detached := found;

  if p_action = 'read' then
    if v_detached then
      return v_writer or v_detached_by = v_uid;
    end if;
    return v_writer or v_role = 'leitura' or v_obra_path;
  elsif p_action = 'add' then
    if not (v_writer or v_obra_path) then
      return false;
    end if;
    if v_detached or exists (select 1 from public.documents d where d.storage_path = p_name) then
      raise exception using errcode = '42501', message = 'document_name_taken';
    end if;
    if not v_writer and exists (
      select 1 from public.accounts_payable e
      where e.company_id = v_company and e.id = v_entry and (e.status = 'paid' or e.paid_amount > 0)
    ) then
      raise exception using errcode = '42501', message = 'document_entry_paid';
    end if;
    return true;
  elsif p_action = 'remove' then
    if v_detached then
      return v_writer or v_detached_by = v_uid;
    end if;
    if not (v_writer or v_obra_path) then
      return false;
    end if;
    if exists (select 1 from public.documents d where d.storage_path = p_name) then
      raise exception using errcode = '42501', message = 'document_in_use';
    end if;
    -- Never held by a row (its row was refused): admin, financeiro or its uploader.
    return v_writer or p_owner_id = v_uid::text;
  end if;
  return false;
end;
$$;
comment on function private.document_object_access(text, text, text) is 'Storage policies of bucket documentos: may the caller read, add or remove the object p_name (owner_id p_owner_id)? Members of the company named by the first folder: read = admin, financeiro, leitura, and an ''obra'' member under entries/{payable of its obras}; a detached object (its documents row removed) only admin, financeiro and the member who removed the row. add = admin, financeiro, and an ''obra'' member under entries/{payable of its obras} without payment (42501 document_entry_paid); never a name a documents row holds or held (42501 document_name_taken). remove = never while a documents row holds it (42501 document_in_use); a detached object: admin, financeiro, the member who removed the row; an object never held: admin, financeiro, its uploader.';
revoke all on function private.document_object_access(text, text, text) from public, anon, authenticated;
grant execute on function private.document_object_access(text, text, text) to authenticated;

alter policy documentos_select on storage.objects
  using (bucket_id = 'documentos' and private.document_object_access(name, owner_id, 'read'));

alter policy documentos_insert on storage.objects
  with check (bucket_id = 'documentos' and private.document_object_access(name, owner_id, 'add'));

alter policy documentos_delete on storage.objects
  using (bucket_id = 'documentos' and private.document_object_access(name, owner_id, 'remove'));

drop function private.obra_document_path(text, boolean);
