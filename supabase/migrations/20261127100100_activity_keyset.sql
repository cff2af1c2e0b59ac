-- Atividade read the company's whole audit history on every visit: company_activity returned every
-- row (a plpgsql function's result is built in full) and PostgREST then sorted it, cut the page and
-- counted it. At 300 000 audit rows that took 4 s, and hosted Supabase stops an `authenticated`
-- statement at 8 s. Now the function takes the page itself: the rows before a cursor (the last
-- row shown: its `at` and `id`), at most p_limit of them, read newest first from an index in that
-- order, so a page costs the same in the first year and the tenth. No total is counted.
--
-- Indexes: (company_id, at desc, id desc) serves the unfiltered list and a period; a person or a
-- kind of row filtered without its own index walked that index past every other row (a rare kind
-- meant the whole history). Each now has an index in the list's order, which replaces the
-- (company_id, actor) one.

create index audit_log_company_actor_at_idx on public.audit_log (company_id, actor, at desc, id desc);
create index audit_log_company_table_at_idx on public.audit_log (company_id, table_name, at desc, id desc);
drop index public.audit_log_company_actor_idx;

drop function public.company_activity(uuid, uuid, text, date, date);
create function public.company_activity(
  p_company_id uuid,
  p_actor uuid default null,
  p_table text default null,
  p_start date default null,
  p_end date default null,
  p_before_at timestamptz default null,
  p_before_id bigint default null,
  p_limit integer default null
)
returns table (
  id bigint,
  at timestamptz,
  actor uuid,
  actor_name text,
  actor_email text,
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
declare
  -- The audited table(s) of the kind asked for: the filter is applied on the indexed column, and an
  -- entity ('payment' or 'transfer') is told apart after the join that says which it is.
  v_tables text[];
begin
  perform private.assert_member(p_company_id);
  perform private.assert_valid_date(p_start);
  perform private.assert_valid_date(p_end);
  if p_company_id not in (select private.admin_company_ids()) then
    raise exception using errcode = 'P0001', message = 'not_admin';
  end if;
  if p_table is not null and p_table not in (
    'entry', 'payment', 'transfer', 'bank_account', 'category', 'supplier', 'client', 'project', 'member',
    'supplier_order', 'supplier_product', 'team_member', 'stage', 'company', 'invitation', 'statement',
    'statement_line',
    'accounts_payable', 'accounts_receivable', 'transactions', 'bank_accounts', 'categories', 'suppliers',
    'clients', 'projects', 'user_profiles', 'supplier_orders', 'supplier_products', 'project_team_members',
    'project_stages', 'companies', 'company_invitations', 'bank_statements', 'bank_statement_lines') then
    raise exception using errcode = 'P0001', message = 'invalid_activity_type';
  end if;
  -- A cursor is both halves or none; a page is 1 to 1000 rows (null: every row, as before).
  if (p_before_at is null) <> (p_before_id is null) or p_limit < 1 or p_limit > 1000 then
    raise exception using errcode = 'P0001', message = 'invalid_page';
  end if;
  v_tables := case p_table
    when 'entry' then array['accounts_payable', 'accounts_receivable']
    when 'payment' then array['transactions']
    when 'transfer' then array['transactions']
    when 'bank_account' then array['bank_accounts']
    when 'category' then array['categories']
    when 'supplier' then array['suppliers']
    when 'client' then array['clients']
    when 'project' then array['projects']
    when 'member' then array['user_profiles']
    when 'supplier_order' then array['supplier_orders']
    when 'supplier_product' then array['supplier_products']
    when 'team_member' then array['project_team_members']
    when 'stage' then array['project_stages']
    when 'company' then array['companies']
    when 'invitation' then array['company_invitations']
    when 'statement' then array['bank_statements']
    when 'statement_line' then array['bank_statement_lines']
    else array[p_table]
  end;
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
      and (p_table is null or a.table_name = any (v_tables))
      and (p_start is null or a.at >= (p_start::timestamp at time zone 'America/Sao_Paulo'))
      and (p_end is null or a.at < ((p_end + 1)::timestamp at time zone 'America/Sao_Paulo'))
      and (p_before_at is null or (a.at, a.id) < (p_before_at, p_before_id))
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
        when 'supplier_orders' then 'supplier_order'
        when 'supplier_products' then 'supplier_product'
        when 'project_team_members' then 'team_member'
        when 'project_stages' then 'stage'
        when 'companies' then 'company'
        when 'company_invitations' then 'invitation'
        when 'bank_statements' then 'statement'
        when 'bank_statement_lines' then 'statement_line'
        else a.table_name
      end as entity
    from a
  )
  select k.id, k.at, k.actor, coalesce(nullif(btrim(k.actor_name), ''), k.actor_email), k.actor_email,
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
  order by k.at desc, k.id desc
  limit p_limit;
end;
$$;
comment on function public.company_activity(uuid, uuid, text, date, date, timestamptz, bigint, integer) is
  'Atividade (admins): the company''s audit rows, newest first, filtered by actor, kind and period (dates in '
  'America/Sao_Paulo, inclusive). p_table: a table name or an entity (entry, payment, transfer, '
  'bank_account, category, supplier, client, project, member, supplier_order, supplier_product, '
  'team_member, stage, company, invitation, statement, statement_line). actor_name/actor_email = as they '
  'were when the row was written. entity = what the row is to the user; entry_kind/entry_id = the entry '
  'of an entry or payment row. Keyset pages: p_limit rows (1..1000) older than the cursor '
  '(p_before_at, p_before_id) = the last row of the previous page; no count. Raises not_a_member, '
  'invalid_date, not_admin, invalid_activity_type, invalid_page.';

revoke all on function public.company_activity(uuid, uuid, text, date, date, timestamptz, bigint, integer)
  from public, anon, authenticated, service_role;
grant execute on function public.company_activity(uuid, uuid, text, date, date, timestamptz, bigint, integer)
  to authenticated, service_role;
