-- Issue 33 (rateio), helper `ui`: Importar NF-e splits the note. Each element of p_installments may
-- carry `parts` (the rateio of that duplicata, the shape of accounts_payable.parts); its payable is
-- then split, with project_id and category_id null (p_project_id / p_category_id apply to the
-- duplicatas without parts). The client sends a note without duplicatas as one element due on the
-- emissão. Same signature: grants unchanged. Only the insert of a duplicata changes.

create or replace function private.import_nfe(p_company_id uuid, p_key text, p_number text, p_series text, p_issued_on date, p_total numeric, p_supplier jsonb, p_installments jsonb, p_project_id uuid, p_category_id uuid, p_products jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_document text;
  v_masked text;
  v_name text;
  v_address text;
  v_phone text;
  v_supplier uuid;
  v_supplier_created boolean := false;
  v_count integer;
  v_ids uuid[] := '{}';
  v_id uuid;
  v_series uuid;
  v_description text;
  v_item jsonb;
  v_n integer := 0;
  v_products integer := 0;
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro']);
  if p_key is null or p_key !~ '^[0-9]{44}$' then
    raise exception using errcode = 'P0001', message = 'invalid_nfe_key';
  end if;
  if p_number is null or p_number !~ '^[0-9]{1,9}$' or (p_series is not null and p_series !~ '^[0-9]{1,3}$') then
    raise exception using errcode = 'P0001', message = 'invalid_nfe';
  end if;
  perform private.assert_valid_date(p_issued_on);
  perform private.assert_valid_amount(p_total);
  if p_installments is null or jsonb_typeof(p_installments) <> 'array'
     or (p_products is not null and jsonb_typeof(p_products) <> 'array') then
    raise exception using errcode = 'P0001', message = 'invalid_nfe';
  end if;
  v_count := jsonb_array_length(p_installments);
  if v_count > 360 then
    raise exception using errcode = 'P0001', message = 'invalid_nfe';
  end if;

  v_document := upper(regexp_replace(coalesce(p_supplier->>'document', ''), '[^0-9A-Za-z]', '', 'g'));
  if not private.valid_br_document(v_document) then
    raise exception using errcode = 'P0001', message = 'invalid_document';
  end if;
  v_name := btrim(coalesce(p_supplier->>'name', ''));
  if v_name = '' then
    raise exception using errcode = 'P0001', message = 'invalid_nfe';
  end if;
  v_address := nullif(btrim(coalesce(p_supplier->>'address', '')), '');
  v_phone := nullif(btrim(coalesce(p_supplier->>'phone', '')), '');
  perform private.assert_text_length(v_name, 200, 'name');
  perform private.assert_text_length(v_address, 300, 'address');
  perform private.assert_text_length(v_phone, 30, 'phone');

  -- Two imports of the same chave at once: the second waits here and then finds the first.
  perform pg_advisory_xact_lock(hashtextextended('nfe:' || p_company_id::text || ':' || p_key, 0));
  if exists (select 1 from public.accounts_payable p where p.company_id = p_company_id and p.nfe_key = p_key) then
    raise exception using errcode = 'P0001', message = 'nfe_already_imported';
  end if;

  -- A CNPJ is on the supplier, a CPF on its details (20261130030100).
  select s.id into v_supplier
  from public.suppliers s
  left join public.supplier_details d on d.company_id = s.company_id and d.supplier_id = s.id
  where s.company_id = p_company_id
    and upper(regexp_replace(coalesce(s.document, d.document, ''), '[^0-9A-Za-z]', '', 'g')) = v_document
  order by s.is_active desc, s.created_at
  limit 1;
  if v_supplier is null then
    v_masked := case char_length(v_document)
      when 14 then substr(v_document, 1, 2) || '.' || substr(v_document, 3, 3) || '.' || substr(v_document, 6, 3)
                   || '/' || substr(v_document, 9, 4) || '-' || substr(v_document, 13, 2)
      else substr(v_document, 1, 3) || '.' || substr(v_document, 4, 3) || '.' || substr(v_document, 7, 3)
           || '-' || substr(v_document, 10, 2)
    end;
    insert into public.suppliers (company_id, name, document)
    values (p_company_id, v_name, case when char_length(v_document) = 14 then v_masked end)
    returning id into v_supplier;
    if v_address is not null or v_phone is not null or char_length(v_document) <> 14 then
      insert into public.supplier_details (company_id, supplier_id, address, phone, document)
      values (p_company_id, v_supplier, v_address, v_phone,
              case when char_length(v_document) <> 14 then v_masked end);
    end if;
    v_supplier_created := true;
  end if;

  v_description := left('NF-e ' || p_number || ' - ' || v_name, 200);
  -- Rateio (issue 33): a duplicata may carry its parts ({due_date, amount, parts}); its payable is
  -- then split (project_id, category_id null; private.check_entry_parts checks the parts against
  -- the amount, the company's obras, stages and categories, with its own keys).
  if v_count = 0 then
    insert into public.accounts_payable (company_id, description, supplier_id, amount, due_date, project_id,
                                         category_id, nfe_key)
    values (p_company_id, v_description, v_supplier, p_total, p_issued_on, p_project_id, p_category_id, p_key)
    returning id into v_id;
    v_ids := array[v_id];
  else
    v_series := case when v_count > 1 then gen_random_uuid() end;
    for v_item in select value from jsonb_array_elements(p_installments) loop
      v_n := v_n + 1;
      perform private.assert_valid_amount((v_item->>'amount')::numeric);
      perform private.assert_valid_date((v_item->>'due_date')::date);
      if jsonb_typeof(v_item->'parts') not in ('array', 'null') then
        raise exception using errcode = 'P0001', message = 'split_invalid';
      end if;
      insert into public.accounts_payable (company_id, description, supplier_id, amount, due_date, project_id,
                                           category_id, nfe_key, series_id, series_kind, installment_number,
                                           installment_count, parts)
      values (p_company_id,
              -- Lançar's installments say "(1/3)" (src/features/entries/lib/entry-rows.ts): so do these.
              case when v_count > 1
                   then left(v_description, 200 - char_length(' (' || v_n || '/' || v_count || ')'))
                        || ' (' || v_n || '/' || v_count || ')'
                   else v_description end,
              v_supplier, (v_item->>'amount')::numeric, (v_item->>'due_date')::date,
              case when v_item->'parts' is null or jsonb_typeof(v_item->'parts') = 'null' then p_project_id end,
              case when v_item->'parts' is null or jsonb_typeof(v_item->'parts') = 'null' then p_category_id end,
              p_key, v_series,
              case when v_count > 1 then 'installment' end,
              case when v_count > 1 then v_n end,
              case when v_count > 1 then v_count end,
              case when jsonb_typeof(v_item->'parts') = 'array' then v_item->'parts' end)
      returning id into v_id;
      v_ids := v_ids || v_id;
    end loop;
  end if;

  for v_item in select value from jsonb_array_elements(coalesce(p_products, '[]'::jsonb)) loop
    perform private.assert_valid_amount((v_item->>'price')::numeric);
    insert into public.supplier_products (company_id, supplier_id, name, price, unit)
    values (p_company_id, v_supplier, left(btrim(v_item->>'name'), 200), (v_item->>'price')::numeric,
            coalesce(v_item->>'unit', 'unidade'));
    v_products := v_products + 1;
  end loop;

  return jsonb_build_object('supplier_id', v_supplier, 'supplier_created', v_supplier_created,
                            'entry_ids', to_jsonb(v_ids), 'products', v_products);
exception
  when unique_violation then
    -- Only the NF-e's own key can collide here (the lock above orders imports of one chave).
    raise exception using errcode = 'P0001', message = 'nfe_already_imported';
end;
$function$;

comment on function public.import_nfe(p_company_id uuid, p_key text, p_number text, p_series text, p_issued_on date, p_total numeric, p_supplier jsonb, p_installments jsonb, p_project_id uuid, p_category_id uuid, p_products jsonb) is 'Importar NF-e (admin, financeiro): in one transaction, the supplier found by its CNPJ (suppliers.document) or CPF (supplier_details.document), any punctuation, or created with p_supplier name and document (masked; a CPF in its details), address and phone (in its details); one payable per element of p_installments ({due_date, amount, parts?}) as installments n/N of one series (a single one: a plain payable), or one payable of p_total due p_issued_on when the array is empty; each with nfe_key = p_key, description "NF-e <number> - <supplier>", followed by " (n/N)" for installments as in Lançar, p_project_id and p_category_id — or, when the element has parts (issue 33), split by them with obra and categoria null; then p_products ({name, price, unit}) added to the supplier''s products. Returns {supplier_id, supplier_created, entry_ids, products}. Raises not_a_member, forbidden_role, invalid_nfe_key, invalid_nfe, invalid_document, invalid_date, invalid_amount, text_too_long, nfe_already_imported (the company has a payable with this chave), and the split keys of private.check_entry_parts (split_invalid, split_sum_mismatch, split_project_not_found, split_project_closed, stage_project_mismatch, split_category_not_found, category_type_mismatch). (body: private.import_nfe)';
