-- Issue 33 (rateio): the same apportioning, fast enough to run per row. private.apportion,
-- private.part_shares and private.entry_part_figures were SQL functions with `set search_path`
-- (never inlined): every call planned its body again, ~0.1 ms for apportion, ~0.9 ms for
-- part_shares and ~6 ms for entry_part_figures (four part_shares), so a list or total over a
-- thousand split entries took seconds (measured at 200k entries with a third split, the
-- movements helper's lab). Here the same rule in plpgsql (plans cached for the session, plain
-- array arithmetic): the same signatures, the same results to the last digit (the same numeric
-- expressions: largest remainder in centavos, ties to the earlier position, exact sum).

create or replace function private.apportion(p_weights numeric[], p_value numeric)
returns numeric[]
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_n integer := coalesce(cardinality(p_weights), 0);
  v_total numeric := 0;
  v_cents numeric := round(abs(p_value) * 100);
  v_exact numeric;
  v_base numeric[] := '{}';
  v_rest numeric[] := '{}';
  v_left numeric;
  v_rank integer;
  v_out numeric[] := '{}';
begin
  if v_n = 0 then
    return '{}';
  end if;
  if p_value is null then
    return array_fill(null::numeric, array[v_n]);
  end if;
  for i in 1 .. v_n loop
    v_total := v_total + p_weights[i];
  end loop;
  v_left := v_cents;
  for i in 1 .. v_n loop
    v_exact := case when v_total > 0 then v_cents * p_weights[i] / v_total else 0 end;
    v_base[i] := floor(v_exact);
    v_rest[i] := v_exact - floor(v_exact);
    v_left := v_left - v_base[i];
  end loop;
  for i in 1 .. v_n loop
    -- Its place when ordered by remainder (largest first), then position.
    v_rank := 1;
    for j in 1 .. v_n loop
      if v_rest[j] > v_rest[i] or (v_rest[j] = v_rest[i] and j < i) then
        v_rank := v_rank + 1;
      end if;
    end loop;
    v_out[i] := sign(p_value) * (v_base[i] + case when v_rank <= v_left then 1 else 0 end) / 100;
  end loop;
  return v_out;
end;
$$;
comment on function private.apportion(numeric[], numeric) is 'p_value split in proportion to p_weights (> 0), exact to the centavo: largest remainder in centavos, ties to the earlier position; the sum of the result is p_value. Used for every rateio (parts of a payment, juros, multa, desconto, estorno; percentages into amounts). src/lib/apportion.ts is the same rule in TypeScript. plpgsql (20261202035000): cheap per row.';

create or replace function private.part_shares(p_parts jsonb, p_value numeric)
returns table (pos integer, project_id uuid, stage_id uuid, category_id uuid, amount numeric, share numeric)
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_amounts numeric[] := '{}';
  v_shares numeric[];
  v_part jsonb;
  v_i integer;
  v_pos integer := 0;
begin
  if p_parts is null or jsonb_typeof(p_parts) <> 'array' then
    return;
  end if;
  for v_i in 0 .. jsonb_array_length(p_parts) - 1 loop
    v_part := p_parts -> v_i;
    v_pos := v_pos + 1;
    v_amounts[v_pos] := (v_part ->> 'amount')::numeric;
  end loop;
  v_shares := private.apportion(v_amounts, p_value);
  v_pos := 0;
  for v_i in 0 .. jsonb_array_length(p_parts) - 1 loop
    v_part := p_parts -> v_i;
    v_pos := v_pos + 1;
    pos := v_pos;
    project_id := (v_part ->> 'project_id')::uuid;
    stage_id := (v_part ->> 'stage_id')::uuid;
    category_id := (v_part ->> 'category_id')::uuid;
    amount := v_amounts[v_pos];
    share := v_shares[v_pos];
    return next;
  end loop;
end;
$$;
comment on function private.part_shares(jsonb, numeric) is 'The parts of a split (entry or ledger row) with p_value apportioned to them by their amounts (private.apportion). plpgsql (20261202035000).';

create or replace function private.entry_part_figures(
  p_parts jsonb, p_project_id uuid, p_stage_id uuid, p_category_id uuid, p_amount numeric,
  p_paid_amount numeric, p_interest numeric, p_fine numeric, p_discount numeric
)
returns table (pos integer, project_id uuid, stage_id uuid, category_id uuid, amount numeric,
               paid_amount numeric, open_amount numeric, paid_total numeric)
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_amounts numeric[] := '{}';
  v_paid numeric[];
  v_interest numeric[];
  v_fine numeric[];
  v_discount numeric[];
  v_part jsonb;
  v_i integer;
  v_pos integer := 0;
begin
  if p_parts is null then
    -- Not split: the entry itself, one part.
    pos := 1;
    project_id := p_project_id;
    stage_id := p_stage_id;
    category_id := p_category_id;
    amount := p_amount;
    paid_amount := p_paid_amount;
    open_amount := p_amount - p_paid_amount;
    paid_total := p_paid_amount + p_interest + p_fine - p_discount;
    return next;
    return;
  end if;
  -- Split: each value of the entry apportioned by the parts' amounts; open = part − its paid share,
  -- so every figure sums to the entry's own.
  for v_i in 0 .. jsonb_array_length(p_parts) - 1 loop
    v_part := p_parts -> v_i;
    v_pos := v_pos + 1;
    v_amounts[v_pos] := (v_part ->> 'amount')::numeric;
  end loop;
  v_paid := private.apportion(v_amounts, p_paid_amount);
  v_interest := private.apportion(v_amounts, p_interest);
  v_fine := private.apportion(v_amounts, p_fine);
  v_discount := private.apportion(v_amounts, p_discount);
  v_pos := 0;
  for v_i in 0 .. jsonb_array_length(p_parts) - 1 loop
    v_part := p_parts -> v_i;
    v_pos := v_pos + 1;
    pos := v_pos;
    project_id := (v_part ->> 'project_id')::uuid;
    stage_id := (v_part ->> 'stage_id')::uuid;
    category_id := (v_part ->> 'category_id')::uuid;
    amount := v_amounts[v_pos];
    paid_amount := v_paid[v_pos];
    open_amount := v_amounts[v_pos] - v_paid[v_pos];
    paid_total := v_paid[v_pos] + v_interest[v_pos] + v_fine[v_pos] - v_discount[v_pos];
    return next;
  end loop;
end;
$$;
comment on function private.entry_part_figures(jsonb, uuid, uuid, uuid, numeric, numeric, numeric, numeric, numeric) is 'An entry as parts: one row (its own obra, etapa, categoria and figures) when not split; else a row per part with amount, paid_amount, open_amount and paid_total (paid + juros + multa − desconto) apportioned exactly. Every reader of obra or categoria of an entry goes through it. plpgsql (20261202035000).';
