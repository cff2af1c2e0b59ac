-- Issue 33 (rateio), "Rateio padrão": a company's saved ways of splitting a bill, applied with one
-- tap in Lançar (and editable there before saving).
--
-- Two methods:
--   fixed   parts with a percentage each (obra or Geral, etapa, categoria), the percentages summing
--           to 100; applied to an amount by largest remainder (private.apportion), exact.
--   budget  the overhead rule: the amount among the ACTIVE obras of the company, in proportion to
--           their budget (projects.budget), every part with the template's one categoria.
--           Active = status 'planning' or 'in_progress' with a budget > 0: an obra paused, completed
--           or cancelled takes no share of the office's costs (completed/cancelled may not even
--           receive a new part: private.check_entry_parts), nor one without a budget (no weight).
-- kind says where it is offered: expense (Contas a pagar), income (Contas a receber) or both (then
-- no categoria may be named: a categoria is of one kind). is_default: at most one per company and
-- kind; marking one clears the previous.
--
-- References inside the template (obras, etapas, categorias) are checked when the template is
-- written and again when it is applied (public.split_template_parts): a template never blocks
-- removing an obra or a categoria, and a stale one is refused at use with the entries' own keys.

create table public.split_templates (
  id uuid not null default gen_random_uuid() primary key,
  company_id uuid not null references public.companies (id) on delete cascade,
  name text not null constraint split_templates_name_check check (btrim(name) <> ''),
  kind text not null default 'expense'
    constraint split_templates_kind_check check (kind in ('expense', 'income', 'both')),
  method text not null
    constraint split_templates_method_check check (method in ('fixed', 'budget')),
  -- budget: the categoria of every part (optional); fixed: null (each part names its own).
  category_id uuid,
  -- fixed: 2–50 {project_id, stage_id, category_id, percent}; budget: null.
  parts jsonb,
  is_default boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (company_id, id),
  constraint split_templates_name_length check (char_length(name) <= 100),
  constraint split_templates_parts_length check (pg_column_size(parts) <= 20000),
  constraint split_templates_method_shape check (
    (method = 'fixed' and parts is not null and category_id is null)
    or (method = 'budget' and parts is null))
);
comment on table public.split_templates is 'Rateio padrão (issue 33): a saved split of a company, fixed percentages (parts) or by budget among the active obras (planning, in_progress; budget > 0) with one categoria. Applied to an amount by public.split_template_parts. Read by admin, financeiro and leitura; written by admin and financeiro. Audited.';
comment on column public.split_templates.kind is 'Where it is offered: expense (payables), income (receivables) or both (no categoria then).';
comment on column public.split_templates.method is 'fixed: parts with percentages summing to 100; budget: among the active obras in proportion to projects.budget.';
comment on column public.split_templates.category_id is 'budget: the categoria of every part (null = none); fixed: null.';
comment on column public.split_templates.parts is 'fixed: 2–50 {project_id (null = Geral), stage_id, category_id, percent > 0 with at most 2 decimals}, the percents summing to 100; budget: null.';
comment on column public.split_templates.is_default is 'The one applied with one tap for its kind; at most one per company and kind (marking one clears the previous).';

create index split_templates_company_idx on public.split_templates (company_id);
create unique index split_templates_name_key on public.split_templates (company_id, lower(btrim(name)));
create unique index split_templates_default_key on public.split_templates (company_id, kind) where is_default;

alter table public.split_templates enable row level security;

-- SELECT(split_templates): admin, financeiro, leitura (an 'obra' member does not see other obras,
-- which a template names)
create policy split_templates_select on public.split_templates
  for select to authenticated
  using (company_id in (select private.reader_company_ids()));
-- INSERT(split_templates): admin, financeiro
create policy split_templates_insert on public.split_templates
  for insert to authenticated
  with check (company_id in (select private.writer_company_ids()));
-- UPDATE(split_templates): admin, financeiro
create policy split_templates_update on public.split_templates
  for update to authenticated
  using (company_id in (select private.writer_company_ids()))
  with check (company_id in (select private.writer_company_ids()));
-- DELETE(split_templates): admin, financeiro
create policy split_templates_delete on public.split_templates
  for delete to authenticated
  using (company_id in (select private.writer_company_ids()));

revoke all on public.split_templates from anon, authenticated;
grant select, insert, update, delete on public.split_templates to authenticated;
grant all on public.split_templates to service_role;

create trigger split_templates_set_updated_at before update on public.split_templates
  for each row execute function private.set_updated_at();
create trigger split_templates_forbid_company_change before update on public.split_templates
  for each row execute function private.forbid_company_change();
create trigger split_templates_audit after insert or update or delete on public.split_templates
  for each row execute function private.audit_row();

-- ---------------------------------------------------------------------------------------------
-- What a template must be
-- ---------------------------------------------------------------------------------------------

create function private.check_split_template()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_part jsonb;
  v_percent numeric;
  v_sum numeric := 0;
  v_project uuid;
  v_stage uuid;
  v_category uuid;
  v_status text;
  v_type text;
  v_categories uuid[] := '{}';
begin
  -- Only a change of what the template names is checked again (renaming a template whose obra
  -- closed since, or clearing its default flag, stays possible).
  if tg_op = 'UPDATE' and new.kind = old.kind and new.method = old.method
     and new.parts is not distinct from old.parts
     and new.category_id is not distinct from old.category_id then
    v_categories := '{}';
  elsif new.method = 'fixed' then
    if jsonb_typeof(new.parts) is distinct from 'array'
       or jsonb_array_length(new.parts) not between 2 and 50 then
      raise exception using errcode = 'P0001', message = 'split_invalid';
    end if;
    for v_part in select e from jsonb_array_elements(new.parts) e loop
      begin
        if jsonb_typeof(v_part) <> 'object'
           or jsonb_typeof(v_part -> 'percent') is distinct from 'number'
           or exists (select 1 from jsonb_object_keys(v_part) k
                      where k not in ('project_id', 'stage_id', 'category_id', 'percent')) then
          raise exception using errcode = 'P0001', message = 'split_invalid';
        end if;
        v_percent := (v_part ->> 'percent')::numeric;
        v_project := (v_part ->> 'project_id')::uuid;
        v_stage := (v_part ->> 'stage_id')::uuid;
        v_category := (v_part ->> 'category_id')::uuid;
      exception when invalid_text_representation or numeric_value_out_of_range then
        raise exception using errcode = 'P0001', message = 'split_invalid';
      end;
      if v_percent <= 0 or v_percent > 100 or v_percent <> round(v_percent, 2) then
        raise exception using errcode = 'P0001', message = 'split_invalid';
      end if;
      v_sum := v_sum + v_percent;
      if v_project is not null then
        select p.status into v_status from public.projects p
        where p.company_id = new.company_id and p.id = v_project;
        if not found then
          raise exception using errcode = 'P0001', message = 'split_project_not_found';
        end if;
        -- A closed obra is no longer offered; one already in the template may stay while it is
        -- edited (applying it is refused until the part is removed).
        if v_status in ('completed', 'cancelled')
           and (tg_op = 'INSERT'
                or old.parts is null
                or not exists (select 1 from jsonb_array_elements(old.parts) o
                               where o ->> 'project_id' = v_project::text)) then
          raise exception using errcode = 'P0001', message = 'split_project_closed';
        end if;
      end if;
      if v_stage is not null and not exists (
        select 1 from public.project_stages s
        where s.company_id = new.company_id and s.project_id = v_project and s.id = v_stage
      ) then
        raise exception using errcode = 'P0001', message = 'stage_project_mismatch';
      end if;
      if v_category is not null then
        v_categories := v_categories || v_category;
      end if;
    end loop;
    if v_sum <> 100 then
      raise exception using errcode = 'P0001', message = 'split_template_percent_sum';
    end if;
  elsif new.method = 'budget' and new.category_id is not null then
    v_categories := array[new.category_id];
  end if;

  foreach v_category in array v_categories loop
    select c.type into v_type from public.categories c
    where c.company_id = new.company_id and c.id = v_category;
    if not found then
      raise exception using errcode = 'P0001', message = 'split_category_not_found';
    end if;
    if v_type is distinct from new.kind then
      raise exception using errcode = 'P0001', message = 'category_type_mismatch';
    end if;
  end loop;

  -- One default per kind: the new one takes the place of the previous.
  if new.is_default and (tg_op = 'INSERT' or not old.is_default or old.kind <> new.kind) then
    update public.split_templates t set is_default = false
    where t.company_id = new.company_id and t.kind = new.kind and t.is_default and t.id <> new.id;
  end if;
  return new;
end;
$$;
comment on function private.check_split_template() is 'Trigger: a fixed template is 2–50 well-formed parts (split_invalid) with percents > 0 of at most 2 decimals summing to 100 (split_template_percent_sum), each obra of the company (split_project_not_found) and not completed or cancelled unless it was already there (split_project_closed), each etapa of its obra (stage_project_mismatch); every categoria named (the parts'', or a budget template''s) of the company (split_category_not_found) and of the template''s kind (category_type_mismatch; kind both names none). Marking a template default clears the previous default of its kind.';
revoke all on function private.check_split_template() from public, anon, authenticated;

create trigger split_templates_check before insert or update on public.split_templates
  for each row execute function private.check_split_template();

-- ---------------------------------------------------------------------------------------------
-- A template's parts for an amount
-- ---------------------------------------------------------------------------------------------

create function private.split_template_parts(p_template_id uuid, p_amount numeric)
returns table (pos integer, project_id uuid, stage_id uuid, category_id uuid, amount numeric, percent numeric)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_template public.split_templates;
  v_projects uuid[];
  v_weights numeric[];
  v_shares numeric[];
  v_part record;
begin
  select * into v_template from public.split_templates t
  where t.id = p_template_id and t.company_id in (select private.user_company_ids());
  if not found then
    raise exception using errcode = 'P0001', message = 'split_template_not_found';
  end if;
  perform private.assert_role(v_template.company_id, array['admin', 'financeiro', 'leitura']);
  perform private.assert_valid_amount(p_amount);

  if v_template.method = 'budget' then
    select array_agg(p.id order by p.name, p.id), array_agg(p.budget order by p.name, p.id)
    into v_projects, v_weights
    from public.projects p
    where p.company_id = v_template.company_id
      and p.status in ('planning', 'in_progress')
      and p.budget > 0;
    if coalesce(array_length(v_projects, 1), 0) < 2 then
      raise exception using errcode = 'P0001', message = 'split_template_no_projects';
    end if;
    if array_length(v_projects, 1) > 50 then
      raise exception using errcode = 'P0001', message = 'split_template_too_many_parts';
    end if;
    if v_template.category_id is not null and not exists (
      select 1 from public.categories c
      where c.company_id = v_template.company_id and c.id = v_template.category_id
    ) then
      raise exception using errcode = 'P0001', message = 'split_category_not_found';
    end if;
    v_shares := private.apportion(v_weights, p_amount);
    if 0 = any (v_shares) then
      raise exception using errcode = 'P0001', message = 'split_template_amount_too_small';
    end if;
    return query
      select o::int, x.id, null::uuid, v_template.category_id, v_shares[o::int]::numeric(14, 2),
             null::numeric
      from unnest(v_projects) with ordinality x(id, o)
      order by o;
    return;
  end if;

  -- fixed: the parts as saved, checked again against what the company has now.
  for v_part in
    select (e ->> 'project_id')::uuid as project_id, (e ->> 'stage_id')::uuid as stage_id,
           (e ->> 'category_id')::uuid as category_id
    from jsonb_array_elements(v_template.parts) e
  loop
    if v_part.project_id is not null then
      if not exists (select 1 from public.projects p
                     where p.company_id = v_template.company_id and p.id = v_part.project_id) then
        raise exception using errcode = 'P0001', message = 'split_project_not_found';
      end if;
      if exists (select 1 from public.projects p
                 where p.company_id = v_template.company_id and p.id = v_part.project_id
                   and p.status in ('completed', 'cancelled')) then
        raise exception using errcode = 'P0001', message = 'split_project_closed';
      end if;
    end if;
    if v_part.stage_id is not null and not exists (
      select 1 from public.project_stages s
      where s.company_id = v_template.company_id and s.project_id = v_part.project_id
        and s.id = v_part.stage_id
    ) then
      raise exception using errcode = 'P0001', message = 'stage_project_mismatch';
    end if;
    if v_part.category_id is not null and not exists (
      select 1 from public.categories c
      where c.company_id = v_template.company_id and c.id = v_part.category_id
    ) then
      raise exception using errcode = 'P0001', message = 'split_category_not_found';
    end if;
  end loop;
  select private.apportion(array_agg((e ->> 'percent')::numeric order by o), p_amount)
  into v_shares
  from jsonb_array_elements(v_template.parts) with ordinality x(e, o);
  if 0 = any (v_shares) then
    raise exception using errcode = 'P0001', message = 'split_template_amount_too_small';
  end if;
  return query
    select o::int, (e ->> 'project_id')::uuid, (e ->> 'stage_id')::uuid, (e ->> 'category_id')::uuid,
           v_shares[o::int]::numeric(14, 2), (e ->> 'percent')::numeric
    from jsonb_array_elements(v_template.parts) with ordinality x(e, o)
    order by o;
end;
$$;
comment on function private.split_template_parts(uuid, numeric) is 'Body of public.split_template_parts. Raises split_template_not_found, not_a_member, forbidden_role (obra), invalid_amount, split_template_no_projects, split_template_too_many_parts, split_template_amount_too_small, split_project_not_found, split_project_closed, stage_project_mismatch, split_category_not_found.';
revoke all on function private.split_template_parts(uuid, numeric) from public, anon, authenticated;
grant execute on function private.split_template_parts(uuid, numeric) to authenticated;

create function public.split_template_parts(p_template_id uuid, p_amount numeric)
returns table (pos integer, project_id uuid, stage_id uuid, category_id uuid, amount numeric, percent numeric)
language sql
stable
set search_path = ''
as $$
  select s.pos, s.project_id, s.stage_id, s.category_id, s.amount, s.percent
  from private.split_template_parts(p_template_id, p_amount) s
$$;
comment on function public.split_template_parts(uuid, numeric) is 'The parts of a rateio padrão for p_amount (reais), in order, amounts summing to p_amount exactly (private.apportion: largest remainder, ties to the earlier part). fixed: the saved parts, percent = the saved percent; budget: one part per active obra (status planning or in_progress, budget > 0) ordered by name, in proportion to its budget, with the template''s categoria, stage and percent null. Readers (admin, financeiro, leitura). Raises split_template_not_found, not_a_member, forbidden_role, invalid_amount, split_template_no_projects (fewer than two active obras with a budget), split_template_too_many_parts (more than 50), split_template_amount_too_small (a part would get R$ 0,00), split_project_not_found, split_project_closed, stage_project_mismatch, split_category_not_found (a reference gone or closed since the template was saved).';
revoke all on function public.split_template_parts(uuid, numeric) from public, anon, authenticated;
grant execute on function public.split_template_parts(uuid, numeric) to authenticated;
