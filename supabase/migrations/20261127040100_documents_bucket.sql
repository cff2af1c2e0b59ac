-- The private Storage bucket of the company's documents (receipts, comprovantes, notas) and who
-- may reach its objects. Objects live at `{company_id}/…`: the first folder names the company.
-- Every active member of that company reads them; admin, financeiro and obra members add and remove
-- them (an obra member records its site's receipts; narrowing that to its own obras' entries comes
-- with the documents table, which knows the entry), leitura never writes. No update policy: a
-- document is immutable (replacing one is remove + upload, both checked).
--
-- Applies as hosted applies it (`postgres`, not a superuser): hosted grants `postgres` the
-- platform role that owns schema `storage` (supabase_storage_admin), so it may insert a bucket and
-- create policies on storage.objects; RLS on storage.objects is the platform's, already on.

-- The first folder is compared as text with the caller's company ids (uuid::text is the canonical
-- lower-case form the app writes), never cast to uuid: a first folder that is not a uuid (a typo,
-- an attack) must make the policy say no, not raise invalid_text_representation. No helper
-- function either: policies run as the caller, and one more grant to authenticated would need the
-- next complete privileges reset.

-- 10 MB; photos (compressed on the device), PDFs and the XML of a nota fiscal eletrônica.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'documentos',
  'documentos',
  false,
  10485760,
  array['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif',
        'application/pdf', 'application/xml', 'text/xml']
);

create policy documentos_select on storage.objects
  as permissive for select to authenticated
  using (
    bucket_id = 'documentos'
    and (storage.foldername(name))[1] in (select c::text from private.user_company_ids() c)
  );

create policy documentos_insert on storage.objects
  as permissive for insert to authenticated
  with check (
    bucket_id = 'documentos'
    and (storage.foldername(name))[1] in (
      select c::text from private.writer_company_ids() c
      union all
      select p.company_id::text from public.user_profiles p
      where p.user_id = (select auth.uid()) and p.is_active and p.role = 'obra'
    )
  );

create policy documentos_delete on storage.objects
  as permissive for delete to authenticated
  using (
    bucket_id = 'documentos'
    and (storage.foldername(name))[1] in (
      select c::text from private.writer_company_ids() c
      union all
      select p.company_id::text from public.user_profiles p
      where p.user_id = (select auth.uid()) and p.is_active and p.role = 'obra'
    )
  );
