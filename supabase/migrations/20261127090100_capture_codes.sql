-- Capture: a payable keeps the boleto's linha digitável and the PIX copia-e-cola it was recorded
-- from (offered as "Copiar código" / "Copiar PIX" at payment), and the chave de acesso of the NF-e it
-- was imported from. The same boleto or NF-e twice in a company is refused here, whatever the client.

alter table public.accounts_payable
  add column boleto_code text,
  add column pix_code text,
  add column nfe_key text;

comment on column public.accounts_payable.boleto_code is
  'Linha digitável of the boleto, digits only: 47 (bancário) or 48 starting with 8 (arrecadação). Unique per company.';
comment on column public.accounts_payable.pix_code is
  'PIX BR Code (copia e cola) the payable was recorded from, as pasted.';
comment on column public.accounts_payable.nfe_key is
  'Chave de acesso (44 digits) of the NF-e the payable was imported from (import_nfe); the payables of one NF-e share it, one per installment.';

alter table public.accounts_payable add constraint accounts_payable_boleto_code_format
  check (boleto_code ~ '^([0-9]{47}|8[0-9]{47})$');
-- A BR Code starts with its payload format indicator and ends with the CRC16 field; no control
-- characters (a pasted line break is the client's to strip).
alter table public.accounts_payable add constraint accounts_payable_pix_code_format
  check (pix_code ~ '^000201' and pix_code ~ '6304[0-9A-Fa-f]{4}$' and pix_code !~ '[[:cntrl:]]');
alter table public.accounts_payable add constraint accounts_payable_nfe_key_format
  check (nfe_key ~ '^[0-9]{44}$');
-- Text limits (docs/contracts.md): 512 is far above any real BR Code.
alter table public.accounts_payable add constraint accounts_payable_boleto_code_length
  check (char_length(boleto_code) <= 48);
alter table public.accounts_payable add constraint accounts_payable_pix_code_length
  check (char_length(pix_code) <= 512);
alter table public.accounts_payable add constraint accounts_payable_nfe_key_length
  check (char_length(nfe_key) <= 44);
alter table public.accounts_payable add constraint accounts_payable_boleto_code_key
  unique (company_id, boleto_code);
-- One NF-e, one set of installments: a second import collides on its first installment (a single
-- payable has no installment number: 0 stands for it).
create unique index accounts_payable_nfe_key_key
  on public.accounts_payable (company_id, nfe_key, coalesce(installment_number, 0))
  where nfe_key is not null;

-- The codes come with the entry from Lançar and the wizard (plain inserts) and can be corrected in
-- Editar; the NF-e key only through import_nfe.
revoke insert (boleto_code, pix_code, nfe_key), update (boleto_code, pix_code, nfe_key)
  on public.accounts_payable from authenticated;
grant insert (boleto_code, pix_code), update (boleto_code, pix_code)
  on public.accounts_payable to authenticated;

create or replace view public.entries with (security_invoker=true) as
 SELECT 'expense'::text AS kind,
    p.id,
    p.company_id,
    p.description,
    p.amount,
    p.due_date,
    p.status,
    p.payment_date AS settled_on,
    p.supplier_id AS counterparty_id,
    COALESCE(s.name, p.supplier_name) AS counterparty_name,
    p.project_id,
    pr.name AS project_name,
    p.category_id,
    c.name AS category_name,
    c.color AS category_color,
    p.bank_account_id,
    b.name AS bank_account_name,
    p.payment_method,
    p.notes,
    p.series_id,
    p.series_kind,
    p.installment_number,
    p.installment_count,
    p.created_at,
    p.paid_amount,
    p.open_amount,
    p.interest_amount,
    p.fine_amount,
    p.discount_amount,
    p.paid_total,
    p.supplier_name AS counterparty_text,
    p.updated_at,
    p.created_by,
    p.stage_id,
    st.name AS stage_name,
    p.approval_status,
    p.approval_reason,
    -- Documents' columns (20261127070100), as that migration wrote them.
    (SELECT count(*)::integer FROM public.documents d
      WHERE d.payable_id = p.id
         OR d.payment_id IN (SELECT t.id FROM public.transactions t WHERE t.company_id = p.company_id AND t.payable_id = p.id)) AS document_count,
    EXISTS (SELECT 1 FROM public.documents d
      WHERE d.kind = 'comprovante'
        AND (d.payable_id = p.id
             OR d.payment_id IN (SELECT t.id FROM public.transactions t WHERE t.company_id = p.company_id AND t.payable_id = p.id))) AS has_comprovante,
    p.boleto_code,
    p.pix_code,
    p.nfe_key
   FROM public.accounts_payable p
     LEFT JOIN public.suppliers s ON s.company_id = p.company_id AND s.id = p.supplier_id
     LEFT JOIN public.projects pr ON pr.company_id = p.company_id AND pr.id = p.project_id
     LEFT JOIN public.categories c ON c.company_id = p.company_id AND c.id = p.category_id
     LEFT JOIN public.bank_accounts b ON b.company_id = p.company_id AND b.id = p.bank_account_id
     LEFT JOIN public.project_stages st ON st.company_id = p.company_id AND st.id = p.stage_id
UNION ALL
 SELECT 'income'::text AS kind,
    r.id,
    r.company_id,
    r.description,
    r.amount,
    r.due_date,
    r.status,
    r.received_date AS settled_on,
    r.client_id AS counterparty_id,
    COALESCE(cl.name, r.client_name) AS counterparty_name,
    r.project_id,
    pr.name AS project_name,
    r.category_id,
    c.name AS category_name,
    c.color AS category_color,
    r.bank_account_id,
    b.name AS bank_account_name,
    r.payment_method,
    r.notes,
    r.series_id,
    r.series_kind,
    r.installment_number,
    r.installment_count,
    r.created_at,
    r.paid_amount,
    r.open_amount,
    r.interest_amount,
    r.fine_amount,
    r.discount_amount,
    r.paid_total,
    r.client_name AS counterparty_text,
    r.updated_at,
    r.created_by,
    r.stage_id,
    st.name AS stage_name,
    'approved'::text AS approval_status,
    NULL::text AS approval_reason,
    (SELECT count(*)::integer FROM public.documents d
      WHERE d.receivable_id = r.id
         OR d.payment_id IN (SELECT t.id FROM public.transactions t WHERE t.company_id = r.company_id AND t.receivable_id = r.id)) AS document_count,
    EXISTS (SELECT 1 FROM public.documents d
      WHERE d.kind = 'comprovante'
        AND (d.receivable_id = r.id
             OR d.payment_id IN (SELECT t.id FROM public.transactions t WHERE t.company_id = r.company_id AND t.receivable_id = r.id))) AS has_comprovante,
    NULL::text AS boleto_code,
    NULL::text AS pix_code,
    NULL::text AS nfe_key
   FROM public.accounts_receivable r
     LEFT JOIN public.clients cl ON cl.company_id = r.company_id AND cl.id = r.client_id
     LEFT JOIN public.projects pr ON pr.company_id = r.company_id AND pr.id = r.project_id
     LEFT JOIN public.categories c ON c.company_id = r.company_id AND c.id = r.category_id
     LEFT JOIN public.bank_accounts b ON b.company_id = r.company_id AND b.id = r.bank_account_id
     LEFT JOIN public.project_stages st ON st.company_id = r.company_id AND st.id = r.stage_id;

-- -----------------------------------------------------------------------------------------------
-- NF-e import: supplier (found by CNPJ/CPF or created) and its payables in one transaction.
-- -----------------------------------------------------------------------------------------------
create or replace function private.import_nfe(
  p_company_id uuid,
  p_key text,
  p_number text,
  p_series text,
  p_issued_on date,
  p_total numeric,
  p_supplier jsonb,
  p_installments jsonb,
  p_project_id uuid,
  p_category_id uuid,
  p_products jsonb
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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

  select s.id into v_supplier
  from public.suppliers s
  where s.company_id = p_company_id
    and upper(regexp_replace(coalesce(s.document, ''), '[^0-9A-Za-z]', '', 'g')) = v_document
  order by s.is_active desc, s.created_at
  limit 1;
  if v_supplier is null then
    v_masked := case char_length(v_document)
      when 14 then substr(v_document, 1, 2) || '.' || substr(v_document, 3, 3) || '.' || substr(v_document, 6, 3)
                   || '/' || substr(v_document, 9, 4) || '-' || substr(v_document, 13, 2)
      else substr(v_document, 1, 3) || '.' || substr(v_document, 4, 3) || '.' || substr(v_document, 7, 3)
           || '-' || substr(v_document, 10, 2)
    end;
    insert into public.suppliers (company_id, name, document, address, phone)
    values (p_company_id, v_name, v_masked, v_address, v_phone)
    returning id into v_supplier;
    v_supplier_created := true;
  end if;

  v_description := left('NF-e ' || p_number || ' - ' || v_name, 200);
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
      insert into public.accounts_payable (company_id, description, supplier_id, amount, due_date, project_id,
                                           category_id, nfe_key, series_id, series_kind, installment_number,
                                           installment_count)
      values (p_company_id, v_description, v_supplier, (v_item->>'amount')::numeric, (v_item->>'due_date')::date,
              p_project_id, p_category_id, p_key, v_series,
              case when v_count > 1 then 'installment' end,
              case when v_count > 1 then v_n end,
              case when v_count > 1 then v_count end)
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
$$;
comment on function private.import_nfe(uuid, text, text, text, date, numeric, jsonb, jsonb, uuid, uuid, jsonb) is
  'Body of public.import_nfe (security definer: it may create the supplier with its CNPJ, which obra members may not).';
revoke all on function private.import_nfe(uuid, text, text, text, date, numeric, jsonb, jsonb, uuid, uuid, jsonb)
  from public, anon, authenticated;
grant execute on function private.import_nfe(uuid, text, text, text, date, numeric, jsonb, jsonb, uuid, uuid, jsonb)
  to authenticated;

create or replace function public.import_nfe(
  p_company_id uuid,
  p_key text,
  p_number text,
  p_series text,
  p_issued_on date,
  p_total numeric,
  p_supplier jsonb,
  p_installments jsonb,
  p_project_id uuid default null,
  p_category_id uuid default null,
  p_products jsonb default '[]'::jsonb
)
returns jsonb
language sql
security invoker
set search_path = ''
as $$
  select private.import_nfe(p_company_id, p_key, p_number, p_series, p_issued_on, p_total, p_supplier,
                            p_installments, p_project_id, p_category_id, p_products)
$$;
comment on function public.import_nfe(uuid, text, text, text, date, numeric, jsonb, jsonb, uuid, uuid, jsonb) is
  'Importar NF-e (admin, financeiro): in one transaction, the supplier found by its CNPJ/CPF (p_supplier.document, '
  'any punctuation) or created with p_supplier name, document (masked), address and phone; one payable per '
  'element of p_installments ({due_date, amount}) as installments n/N of one series (a single one: a plain '
  'payable), or one payable of p_total due p_issued_on when the array is empty; each with nfe_key = p_key, '
  'description "NF-e <number> - <supplier>", p_project_id and p_category_id; then p_products ({name, price, '
  'unit}) added to the supplier''s products. Returns {supplier_id, supplier_created, entry_ids, products}. '
  'Raises not_a_member, forbidden_role, invalid_nfe_key, invalid_nfe, invalid_document, invalid_date, '
  'invalid_amount, text_too_long, nfe_already_imported (the company has a payable with this chave). '
  '(body: private.import_nfe)';
revoke all on function public.import_nfe(uuid, text, text, text, date, numeric, jsonb, jsonb, uuid, uuid, jsonb)
  from public, anon, authenticated;
grant execute on function public.import_nfe(uuid, text, text, text, date, numeric, jsonb, jsonb, uuid, uuid, jsonb)
  to authenticated;
