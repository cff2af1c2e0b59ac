-- Issue 31: a boleto already recorded is flagged when its code is read (Lançar, the wizard, a code
-- shared from WhatsApp), with a link to the bill that has it, as the NF-e's "já importada" does,
-- instead of being refused only at Salvar. Salvar still refuses it (accounts_payable_boleto_code_key).
--
-- What the caller may learn: whether the company has a payable with this code — exactly what the
-- unique key already tells whoever may record a payable with it (admin, financeiro, an 'obra'
-- member) when they save — and the bill's id only when RLS lets the caller read that bill. An
-- 'obra' member is told that the boleto was recorded, never which bill of another obra has it.
-- leitura records nothing: refused (forbidden_role), as an insert would be.

create function private.boleto_code_taken(p_company_id uuid, p_code text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.assert_role(p_company_id, array['admin', 'financeiro', 'obra']);
  if p_code is null or p_code !~ '^([0-9]{47}|8[0-9]{47})$' then
    raise exception using errcode = 'P0001', message = 'invalid_boleto_code';
  end if;
  return exists (select 1 from public.accounts_payable p
                 where p.company_id = p_company_id and p.boleto_code = p_code);
end;
$$;
comment on function private.boleto_code_taken(uuid, text) is
  'Body of the existence half of public.boleto_registered (security definer: it sees bills RLS hides from an obra member, and answers only whether one exists). Raises not_a_member, forbidden_role, invalid_boleto_code.';
revoke all on function private.boleto_code_taken(uuid, text) from public, anon, authenticated;
grant execute on function private.boleto_code_taken(uuid, text) to authenticated;

create function public.boleto_registered(p_company_id uuid, p_code text)
returns table (registered boolean, entry_id uuid)
language plpgsql
stable
set search_path = ''
as $$
declare
  v_taken boolean := private.boleto_code_taken(p_company_id, p_code);
begin
  if not v_taken then
    return query select false, null::uuid;
    return;
  end if;
  -- As the caller: RLS decides whether the bill itself may be shown.
  return query
    select true, (select p.id from public.accounts_payable p
                  where p.company_id = p_company_id and p.boleto_code = p_code);
end;
$$;
comment on function public.boleto_registered(uuid, text) is
  'Whether the company p_company_id has a payable with the boleto''s linha digitável p_code (digits only): one row (registered, entry_id), entry_id only when the caller may read that payable (RLS), else null. Admin, financeiro and obra (who may record a payable, whose save the unique key would refuse anyway). Raises not_a_member, forbidden_role, invalid_boleto_code. Security invoker (body of the existence check: private.boleto_code_taken).';
revoke all on function public.boleto_registered(uuid, text) from public, anon, authenticated;
grant execute on function public.boleto_registered(uuid, text) to authenticated;
