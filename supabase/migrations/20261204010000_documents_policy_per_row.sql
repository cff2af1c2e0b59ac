-- Issue 35 (a thousand companies): the documents policies' 'obra' branch asked
-- `payable_id in (select e.id from public.accounts_payable e where <of the member's obras>)`, an
-- uncorrelated subquery: the planner hashes it, i.e. reads every company's payables (a seq scan of
-- the whole table), and it prices every documents read with that scan, so the entries view's
-- paperclip and comprovante lookups (has_comprovante, document_count) were planned as hashed
-- scans of every company's documents and ledger too. Among 40 companies, a 50-entry company's
-- Movimentações page took 150–650 ms (docs/performance.md, "A thousand companies").
--
-- The same rule, asked of the one payable the row belongs to: a correlated EXISTS on
-- (company_id, id) (accounts_payable_company_id_id_key; documents' foreign key guarantees the
-- payable is of the row's company), evaluated only for rows the first branch did not let through.
-- Who sees, writes and removes what is unchanged (tests/db/documents.test.ts, obra-parts.test.ts).

drop policy documents_select on public.documents;
drop policy documents_insert on public.documents;
drop policy documents_delete on public.documents;

-- SELECT(documents): readers; an 'obra' member the files of the payables of their obras (a split:
-- every part of their obras).
create policy documents_select on public.documents
  for select to authenticated
  using (
    company_id in (select private.reader_company_ids())
    or (payable_id is not null
        and exists (select 1 from public.accounts_payable e
                    where e.company_id = documents.company_id and e.id = documents.payable_id
                      and (e.project_id in (select private.obra_project_ids())
                           or (e.parts is not null
                               and e.part_project_ids <@ (select array(select private.obra_project_ids()))
                               and not e.parts @? '$[*] ? (!(exists(@.project_id)) || @.project_id == null)'))))
  );

-- INSERT(documents): writers; an 'obra' member, as itself, to a payable of their obras.
create policy documents_insert on public.documents
  for insert to authenticated
  with check (
    company_id in (select private.writer_company_ids())
    or (uploaded_by = (select auth.uid())
        and payable_id is not null
        and exists (select 1 from public.accounts_payable e
                    where e.company_id = documents.company_id and e.id = documents.payable_id
                      and (e.project_id in (select private.obra_project_ids())
                           or (e.parts is not null
                               and e.part_project_ids <@ (select array(select private.obra_project_ids()))
                               and not e.parts @? '$[*] ? (!(exists(@.project_id)) || @.project_id == null)'))))
  );

-- DELETE(documents): writers; an 'obra' member the files of a payable of their obras (the guard
-- trigger keeps what an approved or paid payable holds).
create policy documents_delete on public.documents
  for delete to authenticated
  using (
    company_id in (select private.writer_company_ids())
    or (payable_id is not null
        and exists (select 1 from public.accounts_payable e
                    where e.company_id = documents.company_id and e.id = documents.payable_id
                      and (e.project_id in (select private.obra_project_ids())
                           or (e.parts is not null
                               and e.part_project_ids <@ (select array(select private.obra_project_ids()))
                               and not e.parts @? '$[*] ? (!(exists(@.project_id)) || @.project_id == null)'))))
  );
