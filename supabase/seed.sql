-- Demo data for local development: one company with believable data and a demo login
-- (demo@appfinancas.com.br / demo123456). Dates are relative to the day the seed runs so the
-- dashboard always has overdue, due-today and upcoming entries.
-- Paid entries get their ledger rows here too, so every balance equals initial + Σ ledger.

do $$
declare
  v_user uuid := 'd0000000-0000-4000-8000-000000000001';
  v_company uuid := 'c0000000-0000-4000-8000-000000000001';
  v_bb uuid := gen_random_uuid();
  v_itau uuid := gen_random_uuid();
  v_caixa uuid := gen_random_uuid();
  v_card uuid := gen_random_uuid();
  c_materiais uuid := gen_random_uuid();
  c_mao_obra uuid := gen_random_uuid();
  c_equip uuid := gen_random_uuid();
  c_admin uuid := gen_random_uuid();
  c_impostos uuid := gen_random_uuid();
  c_venda uuid := gen_random_uuid();
  c_financ uuid := gen_random_uuid();
  c_sinal uuid := gen_random_uuid();
  s_deposito uuid := gen_random_uuid();
  s_concreto uuid := gen_random_uuid();
  s_eletrica uuid := gen_random_uuid();
  s_silva uuid := gen_random_uuid();
  cl_souza uuid := gen_random_uuid();
  cl_ana uuid := gen_random_uuid();
  cl_roberto uuid := gen_random_uuid();
  p_casa1 uuid := gen_random_uuid();
  p_casa2 uuid := gen_random_uuid();
  p_casa3 uuid := gen_random_uuid();
  d date := current_date;
begin
  insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                          raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
                          confirmation_token, recovery_token, email_change_token_new, email_change)
  values ('00000000-0000-0000-0000-000000000000', v_user, 'authenticated', 'authenticated',
          'demo@appfinancas.com.br', extensions.crypt('demo123456', extensions.gen_salt('bf')), now(),
          '{"provider": "email", "providers": ["email"]}', '{"full_name": "Carlos Almeida"}', now(), now(),
          '', '', '', '');
  insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
  values (gen_random_uuid(), v_user::text, v_user,
          json_build_object('sub', v_user::text, 'email', 'demo@appfinancas.com.br', 'email_verified', true)::jsonb,
          'email', now(), now(), now());

  insert into public.companies (id, name, document, email, phone, address, city, state, zip_code, created_by)
  values (v_company, 'Construtora Horizonte Ltda', '12.345.678/0001-90', 'contato@horizonte.com.br',
          '(11) 3456-7890', 'Rua das Palmeiras, 120', 'Campinas', 'SP', '13010-000', v_user);
  insert into public.user_profiles (user_id, company_id, email, full_name, role)
  values (v_user, v_company, 'demo@appfinancas.com.br', 'Carlos Almeida', 'admin');

  insert into public.bank_accounts (id, company_id, name, type, alias, agency, account_number, initial_balance, color)
  values
    (v_bb, v_company, 'Banco do Brasil', 'checking', 'Conta principal', '1234-5', '67890-1', 48000, 'yellow'),
    (v_itau, v_company, 'Itaú', 'savings', 'Reserva', '0456', '12345-6', 20000, 'orange'),
    (v_caixa, v_company, 'Caixa Obra', 'checking', 'Caixa das obras', null, null, 5000, 'green'),
    (v_card, v_company, 'Cartão Nubank', 'credit_card', 'Cartão da empresa', null, null, 0, 'purple');

  insert into public.categories (id, company_id, name, description, type, color, dre_group)
  values
    (c_materiais, v_company, 'Materiais', 'Cimento, areia, ferro e outros materiais de obra', 'expense', 'orange', 'custo_obra'),
    (c_mao_obra, v_company, 'Mão de Obra', 'Empreiteiros e diaristas', 'expense', 'blue', 'custo_obra'),
    (c_equip, v_company, 'Equipamentos', 'Aluguel e compra de equipamentos', 'expense', 'gray', 'custo_obra'),
    (c_admin, v_company, 'Administrativo', 'Escritório, contador, taxas', 'expense', 'purple', 'despesa_administrativa'),
    (c_impostos, v_company, 'Impostos', 'Tributos e encargos', 'expense', 'red', 'despesa_administrativa'),
    (c_venda, v_company, 'Venda de Casas', 'Parcelas de venda de imóveis', 'income', 'green', 'receita'),
    (c_financ, v_company, 'Financiamento', 'Repasses de financiamento bancário', 'income', 'blue', 'receita'),
    (c_sinal, v_company, 'Sinal/Entrada', 'Sinais e entradas de compradores', 'income', 'yellow', 'receita');

  insert into public.suppliers (id, company_id, name, type, category, document, rating, founded_on)
  values
    (s_deposito, v_company, 'Depósito São José', 'materiais', 'Materiais básicos', '23.456.789/0001-95', 4.5,
     '2004-03-15'),
    (s_concreto, v_company, 'Concreteira Forte', 'estrutura', 'Concreto usinado', '34.567.890/0001-30', 4.0,
     '2010-08-01'),
    (s_eletrica, v_company, 'Elétrica Luz', 'instalacoes', 'Material elétrico', null, 3.5, null),
    (s_silva, v_company, 'Silva Empreiteira', 'mao_de_obra', 'Alvenaria', null, 5.0, null);

  -- What only admin, financeiro and leitura read (supplier_details).
  insert into public.supplier_details (company_id, supplier_id, phone, email, address, website, notes)
  values
    (v_company, s_deposito, '(19) 3232-1010', 'vendas@depositosaojose.com.br', 'Av. Brasil, 900 - Campinas/SP',
     'depositosaojose.com.br', 'Entrega em até 48h'),
    (v_company, s_concreto, '(19) 3344-5566', 'pedidos@concreteiraforte.com.br', 'Rod. Anhanguera, km 98', null,
     null),
    (v_company, s_eletrica, '(19) 99876-5432', 'contato@eletricaluz.com.br', null, null, null),
    (v_company, s_silva, '(19) 99123-4567', 'silva.empreiteira@gmail.com', null, null, 'Equipe de 6 pedreiros');

  insert into public.clients (id, company_id, name, document, email, phone)
  values
    (cl_souza, v_company, 'João e Maria Souza', '123.456.789-09', 'joao.souza@email.com', '(19) 98888-1111'),
    (cl_ana, v_company, 'Ana Paula Ribeiro', '987.654.321-00', 'ana.ribeiro@email.com', '(19) 97777-2222'),
    (cl_roberto, v_company, 'Roberto Lima', null, 'roberto.lima@email.com', '(19) 96666-3333');

  insert into public.projects (id, company_id, name, description, address, client_name, budget, start_date, end_date,
                               priority, status, completion_percentage)
  values
    (p_casa1, v_company, 'Casa 001 - Jardim das Flores', 'Sobrado de 180 m² com 3 suítes',
     'Rua das Hortênsias, 45 - Jardim das Flores', 'João e Maria Souza', 450000, d - 150, d + 60, 'high', 'in_progress', 65),
    (p_casa2, v_company, 'Casa 002 - Vila Nova', 'Casa térrea de 120 m²',
     'Rua Ipê Amarelo, 210 - Vila Nova', 'Ana Paula Ribeiro', 280000, d - 60, d + 150, 'medium', 'in_progress', 20),
    (p_casa3, v_company, 'Casa 003 - Parque Verde', 'Casa geminada de 90 m²',
     'Alameda dos Pinheiros, 12 - Parque Verde', 'Roberto Lima', 190000, d + 20, d + 220, 'low', 'planning', 0);

  insert into public.project_stages (company_id, project_id, name, description, order_index, estimated_cost, actual_cost,
                                     is_completed, completion_date)
  values
    (v_company, p_casa1, 'Planejamento', 'Etapa Planejamento', 0, 15000, 14200, true, d - 130),
    (v_company, p_casa1, 'Fundação', 'Etapa Fundação', 1, 60000, 63500, true, d - 95),
    (v_company, p_casa1, 'Estrutura', 'Etapa Estrutura', 2, 120000, 118000, true, d - 40),
    (v_company, p_casa1, 'Instalações', 'Etapa Instalações', 3, 70000, 31000, false, null),
    (v_company, p_casa1, 'Acabamento', 'Etapa Acabamento', 4, 110000, null, false, null),
    (v_company, p_casa1, 'Entrega', 'Etapa Entrega', 5, 5000, null, false, null),
    (v_company, p_casa2, 'Planejamento', 'Etapa Planejamento', 0, 10000, 9800, true, d - 45),
    (v_company, p_casa2, 'Fundação', 'Etapa Fundação', 1, 40000, 12000, false, null),
    (v_company, p_casa2, 'Estrutura', 'Etapa Estrutura', 2, 80000, null, false, null),
    (v_company, p_casa2, 'Acabamento', 'Etapa Acabamento', 3, 70000, null, false, null),
    (v_company, p_casa3, 'Planejamento', 'Etapa Planejamento', 0, 8000, null, false, null),
    (v_company, p_casa3, 'Fundação', 'Etapa Fundação', 1, 30000, null, false, null);

  -- Rateio padrão (issue 33): the office's overhead shared by the active obras by their budget.
  insert into public.split_templates (company_id, name, kind, method, category_id, is_default)
  values (v_company, 'Despesas administrativas', 'expense', 'budget', c_admin, true);

  insert into public.project_team_members (company_id, project_id, name, role, contact)
  values
    (v_company, p_casa1, 'José Pereira', 'Mestre de Obras', '(19) 99111-0001'),
    (v_company, p_casa1, 'Antônio Santos', 'Pedreiro', '(19) 99111-0002'),
    (v_company, p_casa1, 'Marcos Oliveira', 'Eletricista', '(19) 99111-0003'),
    (v_company, p_casa2, 'Paulo Costa', 'Mestre de Obras', '(19) 99111-0004'),
    (v_company, p_casa2, 'Luana Martins', 'Engenheiro', 'luana.martins@horizonte.com.br');

  insert into public.supplier_orders (company_id, supplier_id, project_id, description, amount, order_date, delivery_date, status)
  values
    (v_company, s_deposito, p_casa1, '200 sacos de cimento CP-II', 7600, d - 40, d - 37, 'delivered'),
    (v_company, s_deposito, p_casa2, 'Areia e brita para fundação', 4200, d - 12, d - 10, 'delivered'),
    (v_company, s_deposito, p_casa2, 'Blocos cerâmicos 14x19x29', 9800, d - 2, d + 5, 'pending'),
    (v_company, s_concreto, p_casa1, 'Concreto usinado fck 25 - laje', 18500, d - 70, d - 68, 'delivered');

  insert into public.supplier_products (company_id, supplier_id, name, price, unit, category, frequency)
  values
    (v_company, s_deposito, 'Cimento CP-II 50kg', 38, 'saco', 'Cimento', 'semanal'),
    (v_company, s_deposito, 'Areia média', 145, 'm3', 'Agregados', 'quinzenal'),
    (v_company, s_deposito, 'Vergalhão CA-50 10mm', 52.9, 'unidade', 'Ferro e Aço', 'mensal'),
    (v_company, s_concreto, 'Concreto fck 25', 520, 'm3', 'Agregados', 'eventual');

  insert into public.accounts_payable (company_id, description, supplier_id, supplier_name, amount, due_date,
                                       project_id, category_id, bank_account_id, payment_method, status, payment_date)
  values
    (v_company, 'Cimento CP-II - 200 sacos', s_deposito, 'Depósito São José', 7600, d - 35, p_casa1, c_materiais, v_bb, 'pix', 'paid', d - 35),
    (v_company, 'Concreto laje', s_concreto, 'Concreteira Forte', 18500, d - 65, p_casa1, c_materiais, v_bb, 'transfer', 'paid', d - 66),
    (v_company, 'Empreitada alvenaria - 1ª medição', s_silva, 'Silva Empreiteira', 12000, d - 50, p_casa1, c_mao_obra, v_bb, 'transfer', 'paid', d - 50),
    (v_company, 'Empreitada alvenaria - 2ª medição', s_silva, 'Silva Empreiteira', 12000, d - 20, p_casa1, c_mao_obra, v_bb, 'transfer', 'paid', d - 19),
    (v_company, 'Areia e brita', s_deposito, 'Depósito São José', 4200, d - 10, p_casa2, c_materiais, v_caixa, 'pix', 'paid', d - 10),
    (v_company, 'Honorários contador', null, 'Escritório Contábil Campinas', 1450, d - 28, null, c_admin, v_itau, 'pix', 'paid', d - 28),
    (v_company, 'Aluguel betoneira', null, 'Locadora Máquinas', 680, d - 5, p_casa2, c_equip, v_card, 'card', 'paid', d - 5);

  insert into public.accounts_payable (company_id, description, supplier_id, supplier_name, amount, due_date,
                                       project_id, category_id, bank_account_id, payment_method)
  values
    (v_company, 'Fiação e disjuntores', s_eletrica, 'Elétrica Luz', 3850, d - 3, p_casa1, c_materiais, v_bb, 'pix'),
    (v_company, 'DAS Simples Nacional', null, 'Receita Federal', 2740.55, d - 1, null, c_impostos, v_bb, 'transfer'),
    (v_company, 'Blocos cerâmicos', s_deposito, 'Depósito São José', 9800, d, p_casa2, c_materiais, v_caixa, 'pix'),
    (v_company, 'Empreitada alvenaria - 3ª medição', s_silva, 'Silva Empreiteira', 12000, d + 1, p_casa1, c_mao_obra, v_bb, 'transfer'),
    (v_company, 'Aluguel andaimes', null, 'Locadora Máquinas', 950, d + 7, p_casa2, c_equip, null, null),
    (v_company, 'Honorários contador', null, 'Escritório Contábil Campinas', 1450, d + 12, null, c_admin, v_itau, 'pix'),
    (v_company, 'Tubos e conexões', null, 'Hidráulica Central', 2310.9, d + 18, p_casa1, c_materiais, null, null);

  insert into public.accounts_receivable (company_id, description, client_id, client_name, amount, due_date,
                                          project_id, category_id, bank_account_id, payment_method, status, received_date)
  values
    (v_company, 'Sinal Casa 002', cl_ana, 'Ana Paula Ribeiro', 40000, d - 60, p_casa2, c_sinal, v_bb, 'transfer', 'paid', d - 60),
    (v_company, 'Parcela 4/10 - Casa 001', cl_souza, 'João e Maria Souza', 25000, d - 45, p_casa1, c_venda, v_bb, 'transfer', 'paid', d - 44),
    (v_company, 'Parcela 5/10 - Casa 001', cl_souza, 'João e Maria Souza', 25000, d - 15, p_casa1, c_venda, v_bb, 'transfer', 'paid', d - 15),
    (v_company, 'Repasse financiamento - Casa 001', cl_souza, 'João e Maria Souza', 60000, d - 30, p_casa1, c_financ, v_itau, 'transfer', 'paid', d - 29);

  insert into public.accounts_receivable (company_id, description, client_id, client_name, amount, due_date,
                                          project_id, category_id, bank_account_id, payment_method)
  values
    (v_company, 'Parcela 1/12 - Casa 002', cl_ana, 'Ana Paula Ribeiro', 18000, d - 2, p_casa2, c_venda, v_bb, 'pix'),
    (v_company, 'Parcela 6/10 - Casa 001', cl_souza, 'João e Maria Souza', 25000, d + 3, p_casa1, c_venda, v_bb, 'transfer'),
    (v_company, 'Sinal Casa 003', cl_roberto, 'Roberto Lima', 30000, d + 10, p_casa3, c_sinal, v_bb, 'pix'),
    (v_company, 'Parcela 2/12 - Casa 002', cl_ana, 'Ana Paula Ribeiro', 18000, d + 28, p_casa2, c_venda, null, null);

  insert into public.transactions (company_id, type, direction, description, amount, transaction_date,
                                   bank_account_id, category_id, project_id, payable_id, created_by)
  select company_id, 'expense', 'out', description, amount, payment_date, bank_account_id, category_id, project_id, id, v_user
  from public.accounts_payable where company_id = v_company and status = 'paid';

  insert into public.transactions (company_id, type, direction, description, amount, transaction_date,
                                   bank_account_id, category_id, project_id, receivable_id, created_by)
  select company_id, 'income', 'in', description, amount, received_date, bank_account_id, category_id, project_id, id, v_user
  from public.accounts_receivable where company_id = v_company and status = 'paid';

  insert into public.transactions (company_id, type, direction, description, amount, transaction_date,
                                   bank_account_id, transfer_group_id, created_by)
  select v_company, 'transfer', dir, 'Reforço do caixa das obras', 8000, d - 8, acc, g, v_user
  from (select gen_random_uuid() as g) t,
       lateral (values ('out', v_bb), ('in', v_caixa)) as legs(dir, acc);
end;
$$;
