-- An edit of a supplier goes onto the version its form opened (issue 31: every decision on the
-- version seen). Two people editing the same supplier: the second save put back the phone the first
-- had just corrected, without a word. save_supplier now takes p_supplier.version (the supplier's
-- updated_at as the form read it; every save_supplier moves it, details included, since it always
-- updates the supplier row) and refuses with supplier_changed, writing nothing, when it differs.
-- Without version (a new supplier, older clients) nothing changes. Same signature: grants stand.

create or replace function public.save_supplier(p_company_id uuid, p_supplier jsonb, p_supplier_id uuid default null)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  v_id uuid := p_supplier_id;
  v_document text := nullif(upper(regexp_replace(coalesce(p_supplier->>'document', ''), '[^0-9A-Za-z]', '', 'g')),
                            '');
  v_cnpj text;
  v_other text;
  v_version timestamptz;
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro']);
  if p_supplier is null or jsonb_typeof(p_supplier) <> 'object' then
    raise exception using errcode = 'P0001', message = 'invalid_supplier';
  end if;
  if char_length(v_document) = 14 then
    v_cnpj := v_document;
  else
    v_other := v_document;
  end if;
  if v_id is null then
    insert into public.suppliers (company_id, name, type, category, document, rating, founded_on)
    values (p_company_id, btrim(coalesce(p_supplier->>'name', '')), coalesce(p_supplier->>'type', 'materiais'),
            nullif(btrim(coalesce(p_supplier->>'category', '')), ''), v_cnpj, (p_supplier->>'rating')::numeric,
            (p_supplier->>'founded_on')::date)
    returning id into v_id;
  else
    -- An edit goes onto the version its form opened (p_supplier.version, the supplier's
    -- updated_at, which every save moves): another person's save in between is not overwritten.
    -- Locked first, then compared: no save slips in between.
    if p_supplier ? 'version' then
      select s.updated_at into v_version from public.suppliers s
      where s.company_id = p_company_id and s.id = v_id
      for update;
      if found and v_version is distinct from (p_supplier->>'version')::timestamptz then
        raise exception using errcode = 'P0001', message = 'supplier_changed';
      end if;
    end if;
    update public.suppliers s
    set name = btrim(coalesce(p_supplier->>'name', '')),
        type = coalesce(p_supplier->>'type', 'materiais'),
        category = nullif(btrim(coalesce(p_supplier->>'category', '')), ''),
        document = v_cnpj,
        rating = (p_supplier->>'rating')::numeric,
        founded_on = (p_supplier->>'founded_on')::date
    where s.company_id = p_company_id and s.id = v_id;
    if not found then
      raise exception using errcode = 'P0001', message = 'supplier_not_found';
    end if;
  end if;
  insert into public.supplier_details as d (company_id, supplier_id, phone, email, address, website, notes, document)
  values (p_company_id, v_id,
          nullif(btrim(coalesce(p_supplier->>'phone', '')), ''),
          nullif(btrim(coalesce(p_supplier->>'email', '')), ''),
          nullif(btrim(coalesce(p_supplier->>'address', '')), ''),
          nullif(btrim(coalesce(p_supplier->>'website', '')), ''),
          nullif(btrim(coalesce(p_supplier->>'notes', '')), ''),
          v_other)
  on conflict (company_id, supplier_id) do update
  set phone = excluded.phone, email = excluded.email, address = excluded.address, website = excluded.website,
      notes = excluded.notes, document = excluded.document;
  return v_id;
end;
$$;
comment on function public.save_supplier(uuid, jsonb, uuid) is
  'The supplier forms (admin, financeiro): creates (p_supplier_id null) or updates the supplier of p_company_id and its supplier_details in one transaction, from p_supplier {name, type, category, phone, email, address, document, website, notes, rating, founded_on, version} (blank texts are null). version (an edit): the supplier''s updated_at as the form opened it; when the supplier was saved since, nothing is written (supplier_changed). A document of 14 characters (a CNPJ) goes to suppliers.document, any other (a CPF) to supplier_details.document. Returns the supplier id. Security invoker: RLS decides. Raises not_a_member, forbidden_role, invalid_supplier, supplier_not_found, supplier_changed, and the tables'' checks (text_too_long through <table>_<column>_length).';
