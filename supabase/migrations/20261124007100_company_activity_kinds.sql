-- Atividade (issue 10): the screen names each row by what it is to the user, not by its table: a
-- ledger row is a Pagamento (the payment of an entry) or a Transferência, and "Lançamento" is a
-- payable or a receivable. company_activity now says so (entity) and names the entry a row belongs
-- to (entry_kind, entry_id: the payable/receivable itself, or the one a payment paid), so the
-- screen can link to /lancamentos/:kind/:id. p_table filters by those kinds as well as by table.
-- Same arguments as before (grants and callers unchanged); the result gains three columns.

drop function public.company_activity(uuid, uuid, text, date, date);

create function public.company_activity(
  p_company_id uuid,
  p_actor uuid default null,
  p_table text default null,
  p_start date default null,
  p_end date default null
)
returns table (
  id bigint,
  at timestamptz,
  actor uuid,
  actor_name text,
  table_name text,
  row_id uuid,
  action text,
  changed jsonb,
  entity text,
  entry_kind text,
  entry_id uuid
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform private.assert_member(p_company_id);
  perform private.assert_valid_date(p_start);
  perform private.assert_valid_date(p_end);
  if p_company_id not in (select private.admin_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_admin';
  end if;
  if p_table is not null and p_table not in (
    'entry', 'payment', 'transfer', 'bank_account', 'category', 'supplier', 'client', 'project', 'member',
    'accounts_payable', 'accounts_receivable', 'transactions', 'bank_accounts', 'categories', 'suppliers',
    'clients', 'projects', 'user_profiles') then
    raise exception using errcode = 'P0001', message = 'invalid_activity_type';
  end if;
  return query
  with a as (
    select a.*,
      -- A ledger row's type and entry: from what the row recorded (insert/delete), else the row itself.
      coalesce(a.changed -> 'type' ->> 'after', a.changed -> 'type' ->> 'before', t.type) as ledger_type,
      coalesce((a.changed -> 'payable_id' ->> 'after')::uuid, (a.changed -> 'payable_id' ->> 'before')::uuid,
               t.payable_id) as ledger_payable_id,
      coalesce((a.changed -> 'receivable_id' ->> 'after')::uuid, (a.changed -> 'receivable_id' ->> 'before')::uuid,
               t.receivable_id) as ledger_receivable_id
    from public.audit_log a
    left join public.transactions t
      on a.table_name = 'transactions' and t.company_id = a.company_id and t.id = a.row_id
    where a.company_id = p_company_id
      and (p_actor is null or a.actor = p_actor)
      and (p_start is null or a.at >= (p_start::timestamp at time zone 'America/Sao_Paulo'))
      and (p_end is null or a.at < ((p_end + 1)::timestamp at time zone 'America/Sao_Paulo'))
  ), k as (
    select a.*,
      case a.table_name
        when 'accounts_payable' then 'entry'
        when 'accounts_receivable' then 'entry'
        when 'transactions' then case when a.ledger_type = 'transfer' then 'transfer' else 'payment' end
        when 'bank_accounts' then 'bank_account'
        when 'categories' then 'category'
        when 'suppliers' then 'supplier'
        when 'clients' then 'client'
        when 'projects' then 'project'
        when 'user_profiles' then 'member'
        else a.table_name
      end as entity
    from a
  )
  select k.id, k.at, k.actor,
         (select p.full_name from public.user_profiles p
          where p.company_id = k.company_id and p.user_id = k.actor limit 1),
         k.table_name, k.row_id, k.action, k.changed, k.entity,
         case
           when k.table_name = 'accounts_payable' or k.ledger_payable_id is not null then 'expense'
           when k.table_name = 'accounts_receivable' or k.ledger_receivable_id is not null then 'income'
         end,
         case
           when k.table_name in ('accounts_payable', 'accounts_receivable') then k.row_id
           else coalesce(k.ledger_payable_id, k.ledger_receivable_id)
         end
  from k
  where p_table is null or k.table_name = p_table or k.entity = p_table
  order by k.at desc, k.id desc;
end;
$$;
comment on function public.company_activity(uuid, uuid, text, date, date) is
  'Atividade (admins): the company''s audit rows, newest first, filtered by actor, kind and period (dates in '
  'America/Sao_Paulo, inclusive). p_table: a table name or an entity (entry, payment, transfer, '
  'bank_account, category, supplier, client, project, member). entity = what the row is to the user; '
  'entry_kind/entry_id = the entry of an entry or payment row. Page with .range() and count: ''exact''. '
  'Raises not_a_member, invalid_date, not_admin, invalid_activity_type.';

revoke all on function public.company_activity(uuid, uuid, text, date, date) from public, anon, authenticated;
grant execute on function public.company_activity(uuid, uuid, text, date, date) to authenticated;
