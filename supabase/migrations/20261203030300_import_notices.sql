-- Issue 34 + DESIGN §9 (notices cover imports): the company's other admins hear of a spreadsheet
-- imported and of an import undone, as they hear of an NF-e or a bank statement imported. Two
-- notice kinds under the preference 'imports'; written by a trigger on import_batches (the batch is
-- opened in the import's own transaction, so a refused import leaves no notice).

alter table public.notices drop constraint notices_kind_check;
alter table public.notices add constraint notices_kind_check check (kind in (
  'approval_pending', 'approval_approved', 'approval_refused', 'invitation_accepted', 'nfe_imported',
  'statement_imported', 'due_summary', 'spreadsheet_imported', 'import_undone'));
alter table public.notice_deliveries drop constraint notice_deliveries_kind_check;
alter table public.notice_deliveries add constraint notice_deliveries_kind_check check (kind in (
  'approval_pending', 'approval_approved', 'approval_refused', 'invitation_accepted', 'nfe_imported',
  'statement_imported', 'due_summary', 'spreadsheet_imported', 'import_undone'));

create or replace function private.notice_pref_kind(p_notice_kind text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case p_notice_kind
           when 'approval_approved' then 'approval_decided'
           when 'approval_refused' then 'approval_decided'
           when 'nfe_imported' then 'imports'
           when 'statement_imported' then 'imports'
           when 'spreadsheet_imported' then 'imports'
           when 'import_undone' then 'imports'
           else p_notice_kind
         end
$$;
comment on function private.notice_pref_kind(p_notice_kind text) is 'The preference kind a notice kind belongs to (approval_approved/refused → approval_decided, nfe/statement/spreadsheet_imported and import_undone → imports; the others are their own).';

create function private.notify_import_batch()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_actor uuid := case when tg_op = 'INSERT' then new.created_by else new.undone_by end;
  v_what text := new.file_name || ' — ' || new.row_count || case when new.row_count = 1 then ' linha' else ' linhas' end
                 || ' (' || case new.kind
                              when 'fornecedores' then 'Fornecedores'
                              when 'clientes' then 'Clientes'
                              when 'categorias' then 'Categorias'
                              when 'obras' then 'Obras'
                              when 'contas_pagar' then 'Contas a pagar'
                              else 'Contas a receber' end || ')';
  v_name text := (select p.full_name from public.user_profiles p
                  where p.company_id = new.company_id and p.user_id = v_actor);
begin
  if tg_op = 'UPDATE' and (old.undone_at is not null or new.undone_at is null) then
    return null;
  end if;
  insert into public.notices (company_id, user_id, kind, event_key, link, title, body)
  select new.company_id, r,
         case when tg_op = 'INSERT' then 'spreadsheet_imported' else 'import_undone' end,
         new.id::text, '/importar',
         left(case when tg_op = 'INSERT' then 'Planilha importada: ' else 'Importação desfeita: ' end || v_what, 300),
         case when tg_op = 'INSERT' then 'Importada por ' else 'Desfeita por ' end || v_name
  from private.notice_recipients(new.company_id, array['admin'], v_actor) r
  on conflict do nothing;
  return null;
end;
$$;
comment on function private.notify_import_batch() is 'Trigger: a spreadsheet imported (a new import_batches row) or an import undone (undone_at set) → a notice to the company''s active admins but who did it, linking to /importar.';
revoke all on function private.notify_import_batch() from public, anon, authenticated;

create trigger import_batches_notify after insert or update of undone_at on public.import_batches
  for each row execute function private.notify_import_batch();
