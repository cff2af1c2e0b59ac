-- Issue 34 (Importar planilha saves 5 000 rows in one insert, as the caller): two row triggers of
-- the payables cost more per row than the insert itself, for work most rows never need.
--
-- private.check_entry_category ran as the caller: its `for share` read of the category went
-- through the categories' SELECT and UPDATE policies (private.user_company_ids and
-- private.writer_company_ids, once per row, since each trigger call is its own statement). It
-- looks the category up by the entry's own company and id, so it now runs as its owner (security
-- definer): the same answer, without the policies.
--
-- private.notify_payable_approval formatted the payable's text (private.format_brl,
-- private.digest_project_name) for every insert and update, before knowing whether any notice is
-- written; it now formats it only when one is.

create or replace function private.check_entry_category()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_expected text := case tg_table_name when 'accounts_payable' then 'expense' else 'income' end;
  v_type text;
begin
  if new.category_id is not null then
    select c.type into v_type
    from public.categories c
    where c.company_id = new.company_id and c.id = new.category_id
    for share;
    if found and v_type <> v_expected then
      raise exception using errcode = 'P0001', message = 'category_type_mismatch';
    end if;
  end if;
  return new;
end;
$$;
comment on function private.check_entry_category() is 'Trigger: a payable''s category must be an expense category, a receivable''s an income one (category_type_mismatch). Security definer: it reads the category of the entry''s own company by id, without the categories'' policies (issue 34: once per row of an import).';
revoke all on function private.check_entry_category() from public, anon, authenticated;

create or replace function private.notify_payable_approval()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_what text;
  v_mine uuid[];
  v_link text := '/lancamentos/expense/' || new.id;
begin
  if new.approval_status = 'pending'
     and (tg_op = 'INSERT' or old.approval_status is distinct from 'pending') then
    -- A split (rateio): its obras' names, "Rateio" when more than two.
    select new.description || ' — ' || private.format_brl(new.amount)
           || coalesce(' — ' || private.digest_project_name(new.company_id, new.project_id,
                                                            new.part_project_ids, null), '')
    into v_what;
    insert into public.notices (company_id, user_id, kind, event_key, entry_kind, entry_id, link, title, body)
    select new.company_id, r, 'approval_pending', new.id || '@' || new.updated_at, 'expense', new.id,
           v_link, left('Aprovação pendente: ' || v_what, 300),
           coalesce('Lançado por ' || (select p.full_name from public.user_profiles p
                                       where p.company_id = new.company_id and p.user_id = new.created_by), null)
    from private.notice_recipients(new.company_id, array['admin', 'financeiro'], new.created_by) r
    on conflict do nothing;
  elsif tg_op = 'UPDATE' and old.approval_status = 'pending'
        and new.approval_status in ('approved', 'refused') then
    -- Decided: the request waits for nobody any more (the deciders' bells drop it; the list keeps it).
    update public.notices n set read_at = now()
    where n.entry_id = new.id and n.kind = 'approval_pending' and n.read_at is null;
    if new.created_by is not distinct from new.approval_decided_by
       or not exists (select 1 from public.user_profiles p
                      where p.company_id = new.company_id and p.user_id = new.created_by and p.is_active) then
      return null;
    end if;
    select new.description || ' — ' || private.format_brl(new.amount)
           || coalesce(' — ' || private.digest_project_name(new.company_id, new.project_id,
                                                            new.part_project_ids, null), '')
    into v_what;
    -- An 'obra' author of a split that is no longer wholly of their obras: their share only.
    if new.parts is not null and exists (select 1 from public.user_profiles p
                                         where p.company_id = new.company_id and p.user_id = new.created_by
                                           and p.role = 'obra') then
      v_mine := array(select a.project_id from public.project_access a
                      where a.company_id = new.company_id and a.user_id = new.created_by);
      if not (new.part_project_ids <@ v_mine) or jsonb_path_exists(new.parts, '$[*] ? (!(exists(@.project_id)) || @.project_id == null)') then
        select new.description || ' — '
               || private.format_brl((select sum(f.amount)
                                      from private.entry_part_figures(new.parts, null, null, null, new.amount, 0, 0, 0, 0) f
                                      where f.project_id = any (v_mine)))
               || coalesce(' — ' || private.digest_project_name(new.company_id, null, new.part_project_ids, v_mine), '')
        into v_what;
      end if;
    end if;
    insert into public.notices (company_id, user_id, kind, event_key, entry_kind, entry_id, link, title, body)
    values (new.company_id, new.created_by,
            case new.approval_status when 'approved' then 'approval_approved' else 'approval_refused' end,
            new.id || '@' || coalesce(new.approval_decided_at, now()), 'expense', new.id, v_link,
            left(case new.approval_status when 'approved' then 'Despesa aprovada: ' else 'Despesa recusada: ' end
                 || v_what, 300),
            case when new.approval_status = 'refused' then 'Motivo: ' || new.approval_reason end)
    on conflict do nothing;
  end if;
  return null;
end;
$$;
