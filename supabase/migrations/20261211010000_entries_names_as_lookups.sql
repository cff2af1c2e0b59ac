-- Issue 35: public.entries names what an entry points at with one lookup per name instead of six
-- left joins, so that planning a read of it costs half as much.
--
-- Among 1 000 companies, a company smaller than the average has its list calls planned on every
-- call: PostgREST sends `LIMIT $2 OFFSET $3`, a prepared statement's generic plan is estimated on
-- the average company with an unknown limit and offset, its cost is above the small company's own
-- plan, and Postgres keeps the custom one (docs/performance.md, "Stop 46"). Planning the view took
-- 2.1-2.6 ms of a 5 ms call: the union of the two tables and six left joins (suppliers, clients,
-- projects, categories, bank accounts, stages), each with its policies, in every join order.
--
-- Each name is now a scalar subquery on the company's key of its table ((company_id, id), unique),
-- the same rows as the joins gave: null when the entry points at nothing or at a row the reader's
-- policies hide. A subquery is planned once, in one shape, and run only for the rows a query
-- returns (a page: 51 rows, one index probe each); a query that does not read a name does not run
-- it. The columns, their order, types, grants and comment are unchanged.
create or replace view public.entries with (security_invoker=true) as
 SELECT u.kind,
    u.id,
    u.company_id,
    u.description,
    u.amount,
    u.due_date,
    u.status,
    u.settled_on,
    u.counterparty_id,
    COALESCE(
        CASE u.kind
            WHEN 'expense'::text THEN ( SELECT s.name FROM public.suppliers s
              WHERE s.company_id = u.company_id AND s.id = u.counterparty_id)
            ELSE ( SELECT cl.name FROM public.clients cl
              WHERE cl.company_id = u.company_id AND cl.id = u.counterparty_id)
        END, u.counterparty_text) AS counterparty_name,
    u.project_id,
    ( SELECT pr.name FROM public.projects pr
      WHERE pr.company_id = u.company_id AND pr.id = u.project_id) AS project_name,
    u.category_id,
    ( SELECT c.name FROM public.categories c
      WHERE c.company_id = u.company_id AND c.id = u.category_id) AS category_name,
    ( SELECT c.color FROM public.categories c
      WHERE c.company_id = u.company_id AND c.id = u.category_id) AS category_color,
    u.bank_account_id,
    ( SELECT b.name FROM public.bank_accounts b
      WHERE b.company_id = u.company_id AND b.id = u.bank_account_id) AS bank_account_name,
    u.payment_method,
    u.notes,
    u.series_id,
    u.series_kind,
    u.installment_number,
    u.installment_count,
    u.created_at,
    u.paid_amount,
    u.open_amount,
    u.interest_amount,
    u.fine_amount,
    u.discount_amount,
    u.paid_total,
    u.counterparty_text,
    u.updated_at,
    u.created_by,
    u.stage_id,
    ( SELECT st.name FROM public.project_stages st
      WHERE st.company_id = u.company_id AND st.id = u.stage_id) AS stage_name,
    u.approval_status,
    u.approval_reason,
        CASE u.kind
            WHEN 'expense'::text THEN (( SELECT count(*)::integer AS count
               FROM public.documents d
              WHERE d.payable_id = u.id)) + (( SELECT count(*)::integer AS count
               FROM public.transactions t
                 JOIN public.documents d ON d.payment_id = t.id
              WHERE t.company_id = u.company_id AND t.payable_id = u.id))
            ELSE (( SELECT count(*)::integer AS count
               FROM public.documents d
              WHERE d.receivable_id = u.id)) + (( SELECT count(*)::integer AS count
               FROM public.transactions t
                 JOIN public.documents d ON d.payment_id = t.id
              WHERE t.company_id = u.company_id AND t.receivable_id = u.id))
        END AS document_count,
        CASE u.kind
            WHEN 'expense'::text THEN (EXISTS ( SELECT 1
               FROM public.documents d
              WHERE d.payable_id = u.id AND d.kind = 'comprovante'::text)) OR (EXISTS ( SELECT 1
               FROM public.transactions t
                 JOIN public.documents d ON d.payment_id = t.id
              WHERE t.company_id = u.company_id AND t.payable_id = u.id AND d.kind = 'comprovante'::text))
            ELSE (EXISTS ( SELECT 1
               FROM public.documents d
              WHERE d.receivable_id = u.id AND d.kind = 'comprovante'::text)) OR (EXISTS ( SELECT 1
               FROM public.transactions t
                 JOIN public.documents d ON d.payment_id = t.id
              WHERE t.company_id = u.company_id AND t.receivable_id = u.id AND d.kind = 'comprovante'::text))
        END AS has_comprovante,
    u.boleto_code,
    u.pix_code,
    u.nfe_key,
    u.search_key,
    u.parts,
        CASE
            WHEN u.parts IS NOT NULL THEN ARRAY( SELECT pp.name
               FROM ( SELECT (x.e ->> 'project_id'::text)::uuid AS project_id,
                        min(x.o) AS first_pos
                       FROM jsonb_array_elements(u.parts) WITH ORDINALITY x(e, o)
                      GROUP BY ((x.e ->> 'project_id'::text)::uuid)) q
                 LEFT JOIN public.projects pp ON pp.company_id = u.company_id AND pp.id = q.project_id
              ORDER BY q.first_pos)
            ELSE NULL::text[]
        END AS part_project_names
   FROM ( SELECT 'expense'::text AS kind,
            p.id,
            p.company_id,
            p.description,
            p.amount,
            p.due_date,
            p.status,
            p.payment_date AS settled_on,
            p.supplier_id AS counterparty_id,
            p.project_id,
            p.category_id,
            p.bank_account_id,
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
            p.approval_status,
            p.approval_reason,
            p.boleto_code,
            p.pix_code,
            p.nfe_key,
            p.search_key,
            p.parts
           FROM public.accounts_payable p
        UNION ALL
         SELECT 'income'::text AS text,
            r.id,
            r.company_id,
            r.description,
            r.amount,
            r.due_date,
            r.status,
            r.received_date,
            r.client_id,
            r.project_id,
            r.category_id,
            r.bank_account_id,
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
            r.client_name,
            r.updated_at,
            r.created_by,
            r.stage_id,
            'approved'::text AS text,
            NULL::text AS text,
            NULL::text AS text,
            NULL::text AS text,
            NULL::text AS text,
            r.search_key,
            r.parts
           FROM public.accounts_receivable r) u;
