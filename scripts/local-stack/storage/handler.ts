// A Supabase Storage stand-in for the local embedded stack: the router of `/storage/v1/*`.
//
// DEVELOPMENT AND TEST STAND-IN — NEVER A PRODUCTION SERVER. It speaks the part of the Storage
// API that supabase-js (storage-js v2) uses for a private bucket: upload (POST/PUT
// `object/{bucket}/{name}`, `x-upsert`, raw body or multipart form), download (GET
// `object/{bucket}/{name}`, `object/authenticated/…`, `object/public/…` for public buckets),
// signed URLs (POST `object/sign/{bucket}/{name}`, POST `object/sign/{bucket}` for many, GET of a
// signed URL), remove (DELETE `object/{bucket}` with `prefixes`) and list (POST
// `object/list/{bucket}`). Metadata in the `storage` schema (bootstrap.sql); every object query
// runs as the caller's role with its JWT claims set, so the `storage.objects` policies of the
// migrations decide here as on hosted. Files live under `<data dir>/storage/objects/`, named by
// the object's id (never by a name a client chose).
//
// Mounted by the gateway (scripts/local-stack/gateway.ts) under /storage/v1; CORS is its job.
import { randomUUID, createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Pool, PoolClient } from 'pg';
import { checkJwt, signJwt } from '../jwt';
import { baseMime, contentMatches, mimeAllowed } from './content';
import { ERRORS, sendError, sendJson, StorageError } from './errors';
import {
  callerFromToken,
  objectName,
  readBody,
  readJsonBody,
  tokenOf,
  type Caller,
} from './request';

export type StorageHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
) => Promise<void>;

export interface StorageHandlerOptions {
  /** A pg Pool connected as `postgres` (may `set role` to the API roles, as on hosted). */
  pool: Pool;
  jwtSecret: string;
  /** Where the files are kept (created when missing). */
  filesDir: string;
  log?: (line: string) => void;
}

/** Hosted's global upload limit (a bucket's own file_size_limit may only be lower). */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;
/** Room for a multipart form's boundaries and fields around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

interface Bucket {
  id: string;
  public: boolean;
  file_size_limit: string | null;
  allowed_mime_types: string[] | null;
}

interface ObjectRow {
  id: string;
  name: string;
  metadata: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
}

export function createStorageHandler(options: StorageHandlerOptions): StorageHandler {
  const { pool, jwtSecret } = options;
  const log = options.log ?? ((line: string) => console.log(line));
  const filesDir = path.resolve(options.filesDir);
  const ready = fs.mkdir(filesDir, { recursive: true, mode: 0o700 });
  const fileOf = (id: string) => path.join(filesDir, id);

  async function bucketOf(id: string): Promise<Bucket> {
    // As storage-api does: the bucket's settings are read by the service itself, not the caller.
    const { rows } = await pool.query<Bucket>(
      `select id, public, file_size_limit::text, allowed_mime_types from storage.buckets where id = $1`,
      [id],
    );
    const bucket = rows[0];
    if (!bucket) throw ERRORS.noSuchBucket();
    return bucket;
  }

  /** Runs `fn` in a transaction as the caller: its role, its claims (as PostgREST sets them). */
  async function asCaller<T>(caller: Caller, fn: (c: PoolClient) => Promise<T>): Promise<T> {
    const c = await pool.connect();
    try {
      await c.query('begin');
      // The role comes from a fixed list (request.ts), never from free text.
      await c.query(`set local role ${caller.role}`);
      await c.query(
        `select set_config('request.jwt.claims', $1, true), set_config('request.jwt.claim.sub', $2, true), set_config('request.jwt.claim.role', $3, true)`,
        [JSON.stringify(caller.claims), String(caller.claims.sub ?? ''), caller.role],
      );
      const out = await fn(c);
      await c.query('commit');
      return out;
    } catch (e) {
      await c.query('rollback').catch(() => undefined);
      throw translatePgError(e);
    } finally {
      c.release();
    }
  }

  async function findObject(caller: Caller, bucket: string, name: string): Promise<ObjectRow> {
    const row = await asCaller(caller, async (c) => {
      const { rows } = await c.query<ObjectRow>(
        `select id, name, metadata, created_at, updated_at, last_accessed_at
           from storage.objects where bucket_id = $1 and name = $2`,
        [bucket, name],
      );
      return rows[0];
    });
    if (!row) throw ERRORS.noSuchKey();
    return row;
  }

  async function sendFile(
    req: IncomingMessage,
    res: ServerResponse,
    row: ObjectRow,
    download: string | null,
  ): Promise<void> {
    const meta = row.metadata ?? {};
    let stat;
    try {
      stat = await fs.stat(fileOf(row.id));
    } catch {
      throw ERRORS.noSuchKey();
    }
    const headers: Record<string, string | number> = {
      'content-type':
        typeof meta.mimetype === 'string' ? meta.mimetype : 'application/octet-stream',
      'content-length': stat.size,
      'cache-control': typeof meta.cacheControl === 'string' ? meta.cacheControl : 'no-cache',
      etag: typeof meta.eTag === 'string' ? meta.eTag : `"${row.id}"`,
      'last-modified': new Date(row.updated_at).toUTCString(),
    };
    if (download !== null) {
      const fileName = download || (row.name.split('/').pop() ?? 'download');
      headers['content-disposition'] =
        `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`;
    }
    res.writeHead(200, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const stream = createReadStream(fileOf(row.id));
      stream.on('error', reject);
      res.on('finish', resolve);
      res.on('close', resolve);
      stream.pipe(res);
    });
  }

  /** The uploaded file: a raw body, or the file part of a multipart form (storage-js with a Blob). */
  async function readUpload(
    req: IncomingMessage,
    bucket: Bucket,
  ): Promise<{ data: Buffer; mime: string; cacheControl: string; userMetadata: unknown }> {
    const limit = Math.min(
      Number(bucket.file_size_limit ?? GLOBAL_FILE_SIZE_LIMIT),
      GLOBAL_FILE_SIZE_LIMIT,
    );
    const contentType = String(req.headers['content-type'] ?? '');
    const multipart = baseMime(contentType) === 'multipart/form-data';
    const body = await readBody(req, limit + (multipart ? MULTIPART_OVERHEAD : 0));
    if (!multipart) {
      const cache = String(req.headers['cache-control'] ?? 'max-age=3600');
      const rawMeta = req.headers['x-metadata'];
      let userMetadata: unknown = null;
      if (typeof rawMeta === 'string') {
        try {
          userMetadata = JSON.parse(Buffer.from(rawMeta, 'base64').toString('utf8'));
        } catch {
          throw ERRORS.invalidRequest('x-metadata must be base64-encoded JSON');
        }
      }
      return {
        data: body,
        mime: baseMime(contentType) || 'application/octet-stream',
        cacheControl: cache,
        userMetadata,
      };
    }
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body), {
        headers: { 'content-type': contentType },
      }).formData();
    } catch {
      throw ERRORS.invalidRequest('malformed multipart form');
    }
    let file: File | undefined;
    for (const [, value] of form.entries()) {
      if (typeof value !== 'string') {
        file = value;
        break;
      }
    }
    if (!file) throw ERRORS.invalidRequest('no file in the multipart form');
    if (file.size > limit) throw ERRORS.entityTooLarge();
    const cacheField = form.get('cacheControl');
    const metaField = form.get('metadata');
    let userMetadata: unknown = null;
    if (typeof metaField === 'string') {
      try {
        userMetadata = JSON.parse(metaField);
      } catch {
        throw ERRORS.invalidRequest('metadata must be JSON');
      }
    }
    return {
      data: Buffer.from(await file.arrayBuffer()),
      mime: baseMime(file.type) || 'application/octet-stream',
      cacheControl: typeof cacheField === 'string' ? `max-age=${cacheField}` : 'max-age=3600',
      userMetadata,
    };
  }

  async function upload(
    req: IncomingMessage,
    res: ServerResponse,
    caller: Caller,
    bucketId: string,
    name: string,
    mode: 'insert' | 'upsert' | 'update',
  ): Promise<void> {
    const bucket = await bucketOf(bucketId);
    const file = await readUpload(req, bucket);
    const limit = Math.min(
      Number(bucket.file_size_limit ?? GLOBAL_FILE_SIZE_LIMIT),
      GLOBAL_FILE_SIZE_LIMIT,
    );
    if (file.data.length > limit) throw ERRORS.entityTooLarge();
    if (bucket.allowed_mime_types && bucket.allowed_mime_types.length > 0) {
      if (!mimeAllowed(file.mime, bucket.allowed_mime_types))
        throw ERRORS.invalidMimeType(file.mime);
      // Checked by content too: the declared type must be what the first bytes are.
      if (!contentMatches(file.mime, file.data)) throw ERRORS.contentMismatch(file.mime);
    }
    const eTag = `"${createHash('md5').update(file.data).digest('hex')}"`;
    const now = new Date();
    const metadata = {
      eTag,
      size: file.data.length,
      mimetype: file.mime,
      cacheControl: file.cacheControl,
      lastModified: now.toISOString(),
      contentLength: file.data.length,
      httpStatusCode: 200,
    };
    const owner =
      caller.role === 'authenticated' && typeof caller.claims.sub === 'string'
        ? caller.claims.sub
        : null;
    await ready;
    const temp = path.join(filesDir, `.upload-${randomUUID()}`);
    await fs.writeFile(temp, file.data, { mode: 0o600 });
    try {
      const id = await asCaller(caller, async (c) => {
        const params = [bucketId, name, owner, metadata, file.userMetadata];
        let sql: string;
        if (mode === 'insert') {
          sql = `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata)
                 values ($1, $2, $3::uuid, $3, $4, $5) returning id`;
        } else if (mode === 'upsert') {
          sql = `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata)
                 values ($1, $2, $3::uuid, $3, $4, $5)
                 on conflict (bucket_id, name) do update
                   set owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
                       user_metadata = excluded.user_metadata, updated_at = now(), last_accessed_at = now()
                 returning id`;
        } else {
          sql = `update storage.objects
                    set owner = $3::uuid, owner_id = $3, metadata = $4, user_metadata = $5,
                        updated_at = now(), last_accessed_at = now()
                  where bucket_id = $1 and name = $2 returning id`;
        }
        const { rows } = await c.query<{ id: string }>(sql, params);
        const row = rows[0];
        if (!row) throw ERRORS.noSuchKey();
        // The file takes its place before the row is committed: a failure here rolls the row back.
        await fs.rename(temp, fileOf(row.id));
        return row.id;
      });
      sendJson(res, 200, { Id: id, Key: `${bucketId}/${name}` });
    } finally {
      await fs.rm(temp, { force: true });
    }
  }

  async function remove(
    req: IncomingMessage,
    res: ServerResponse,
    caller: Caller,
    bucketId: string,
  ): Promise<void> {
    const body = await readJsonBody(req);
    const prefixes = body.prefixes;
    if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > 1000) {
      throw ERRORS.invalidRequest('body/prefixes must be an array of 1 to 1000 object names');
    }
    const names = prefixes.map((p) => {
      const name = typeof p === 'string' ? p : (p as { path?: unknown } | null)?.path;
      if (typeof name !== 'string') throw ERRORS.invalidRequest('body/prefixes must name objects');
      return name;
    });
    await bucketOf(bucketId);
    const deleted = await asCaller(caller, async (c) => {
      const { rows } = await c.query<ObjectRow & { bucket_id: string }>(
        `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
         returning id, bucket_id, name, owner, owner_id, metadata, user_metadata, version,
                   created_at, updated_at, last_accessed_at`,
        [bucketId, names],
      );
      return rows;
    });
    // Files go once their rows are gone for good (committed).
    await Promise.all(deleted.map((row) => fs.rm(fileOf(row.id), { force: true })));
    sendJson(res, 200, deleted);
  }

  async function list(
    req: IncomingMessage,
    res: ServerResponse,
    caller: Caller,
    bucketId: string,
  ): Promise<void> {
    const body = await readJsonBody(req);
    const rawPrefix = typeof body.prefix === 'string' ? body.prefix : '';
    const prefix = rawPrefix === '' || rawPrefix.endsWith('/') ? rawPrefix : `${rawPrefix}/`;
    const limit = Math.min(Math.max(Number(body.limit ?? 100) || 100, 1), 1000);
    const offset = Math.max(Number(body.offset ?? 0) || 0, 0);
    const search = typeof body.search === 'string' ? body.search : '';
    const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
    const column = ['name', 'updated_at', 'created_at', 'last_accessed_at'].includes(
      String(sortBy.column),
    )
      ? String(sortBy.column)
      : 'name';
    const desc = String(sortBy.order).toLowerCase() === 'desc';
    await bucketOf(bucketId);
    const rows = await asCaller(caller, async (c) => {
      const { rows: found } = await c.query<ObjectRow>(
        `select id, name, metadata, created_at, updated_at, last_accessed_at
           from storage.objects
          where bucket_id = $1 and left(name, length($2)) = $2`,
        [bucketId, prefix],
      );
      return found;
    });
    // As storage.search answers: the objects right under the prefix, and one entry (id null) per
    // folder below it.
    const entries = new Map<string, Record<string, unknown>>();
    for (const row of rows) {
      const rest = row.name.slice(prefix.length);
      const slash = rest.indexOf('/');
      const entryName = slash >= 0 ? rest.slice(0, slash) : rest;
      if (search && !entryName.toLowerCase().startsWith(search.toLowerCase())) continue;
      if (slash >= 0) {
        if (!entries.has(entryName))
          entries.set(entryName, {
            name: entryName,
            id: null,
            updated_at: null,
            created_at: null,
            last_accessed_at: null,
            metadata: null,
          });
      } else {
        entries.set(entryName, {
          name: entryName,
          id: row.id,
          updated_at: row.updated_at,
          created_at: row.created_at,
          last_accessed_at: row.last_accessed_at,
          metadata: row.metadata,
        });
      }
    }
    const sorted = [...entries.values()].sort((a, b) => {
      const folderFirst = Number(a.id !== null) - Number(b.id !== null);
      if (column !== 'name' && folderFirst !== 0) return folderFirst;
      const av =
        column === 'name'
          ? String(a.name)
          : String(a[column] instanceof Date ? (a[column] as Date).toISOString() : '');
      const bv =
        column === 'name'
          ? String(b.name)
          : String(b[column] instanceof Date ? (b[column] as Date).toISOString() : '');
      const cmp = av < bv ? -1 : av > bv ? 1 : 0;
      return desc ? -cmp : cmp;
    });
    sendJson(res, 200, sorted.slice(offset, offset + limit));
  }

  /** `object/info` (storage-js `info()` and `exists()`): what storage-api answers about an object. */
  async function info(
    res: ServerResponse,
    caller: Caller,
    bucketId: string,
    name: string,
  ): Promise<void> {
    await bucketOf(bucketId);
    const row = await findObject(caller, bucketId, name);
    const meta = row.metadata ?? {};
    sendJson(res, 200, {
      id: row.id,
      name: row.name,
      version: null,
      bucket_id: bucketId,
      size: meta.size ?? null,
      content_type: meta.mimetype ?? null,
      cache_control: meta.cacheControl ?? null,
      etag: meta.eTag ?? null,
      metadata: {},
      last_modified: meta.lastModified ?? null,
      created_at: row.created_at,
    });
  }

  function signedUrlFor(bucketId: string, name: string, expiresIn: number): string {
    const iat = Math.floor(Date.now() / 1000);
    const token = signJwt({ url: `${bucketId}/${name}`, iat, exp: iat + expiresIn }, jwtSecret);
    return `/object/sign/${bucketId}/${name}?token=${token}`;
  }

  function expiresInOf(body: Record<string, unknown>): number {
    const n = Number(body.expiresIn);
    if (!Number.isInteger(n) || n < 1) throw ERRORS.invalidRequest('body/expiresIn must be >= 1');
    return n;
  }

  async function sign(
    req: IncomingMessage,
    res: ServerResponse,
    caller: Caller,
    bucketId: string,
    name: string | null,
  ): Promise<void> {
    const body = await readJsonBody(req);
    const expiresIn = expiresInOf(body);
    await bucketOf(bucketId);
    if (name !== null) {
      await findObject(caller, bucketId, name);
      sendJson(res, 200, { signedURL: signedUrlFor(bucketId, name, expiresIn) });
      return;
    }
    const paths = body.paths;
    if (!Array.isArray(paths) || paths.some((p) => typeof p !== 'string'))
      throw ERRORS.invalidRequest('body/paths must be an array of object names');
    const visible = await asCaller(caller, async (c) => {
      const { rows } = await c.query<{ name: string }>(
        `select name from storage.objects where bucket_id = $1 and name = any($2::text[])`,
        [bucketId, paths],
      );
      return new Set(rows.map((r) => r.name));
    });
    sendJson(
      res,
      200,
      (paths as string[]).map((p) =>
        visible.has(p)
          ? { error: null, path: p, signedURL: signedUrlFor(bucketId, p, expiresIn) }
          : {
              error: 'Either the object does not exist or you do not have access to it',
              path: p,
              signedURL: null,
            },
      ),
    );
  }

  async function getSigned(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    bucketId: string,
    name: string,
  ): Promise<void> {
    const token = url.searchParams.get('token');
    if (!token) throw ERRORS.invalidRequest('querystring must have required property token');
    const checked = checkJwt(token, jwtSecret);
    if ('problem' in checked) {
      throw ERRORS.invalidJwt(
        checked.problem.includes('expired') ? 'jwt expired' : 'invalid signature',
      );
    }
    if (checked.claims.url !== `${bucketId}/${name}`) throw ERRORS.invalidJwt('Invalid signature');
    // The token is the permission (signed after a policy allowed the caller to read the object).
    const { rows } = await pool.query<ObjectRow>(
      `select id, name, metadata, created_at, updated_at, last_accessed_at
         from storage.objects where bucket_id = $1 and name = $2`,
      [bucketId, name],
    );
    const row = rows[0];
    if (!row) throw ERRORS.noSuchKey();
    await sendFile(req, res, row, url.searchParams.get('download'));
  }

  async function getPublic(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    bucketId: string,
    name: string,
  ): Promise<void> {
    const bucket = await bucketOf(bucketId);
    if (!bucket.public) throw ERRORS.noSuchBucket();
    const { rows } = await pool.query<ObjectRow>(
      `select id, name, metadata, created_at, updated_at, last_accessed_at
         from storage.objects where bucket_id = $1 and name = $2`,
      [bucketId, name],
    );
    const row = rows[0];
    if (!row) throw ERRORS.noSuchKey();
    await sendFile(req, res, row, url.searchParams.get('download'));
  }

  return async function handle(req, res, rawPath) {
    // Segments from the raw path (dot segments kept, so they can be refused), the query from URL.
    const q = rawPath.indexOf('?');
    const rawPathname = q >= 0 ? rawPath.slice(0, q) : rawPath;
    const url = new URL(q >= 0 ? rawPath.slice(q) : '', 'http://storage');
    url.pathname = rawPathname;
    const method = (req.method ?? 'GET').toUpperCase();
    const segments = rawPathname.split('/').slice(1);
    try {
      if (segments[0] !== 'object') throw ERRORS.notFoundRoute(`${method}:${rawPathname}`);
      const [, first, second, ...rest] = segments;
      const caller = () => callerFromToken(tokenOf(req, url), jwtSecret);
      const bucketAndName = (parts: (string | undefined)[]) => {
        const [b, ...n] = parts.filter((p): p is string => p !== undefined);
        if (!b) throw ERRORS.notFoundRoute(`${method}:${rawPathname}`);
        return { bucket: bucketOfSegment(b), name: objectName(n) };
      };
      if (first === 'sign' && method === 'GET') {
        const { bucket, name } = bucketAndName([second, ...rest]);
        return await getSigned(req, res, url, bucket, name);
      }
      if (first === 'sign' && method === 'POST') {
        if (rest.length === 0) return await sign(req, res, caller(), bucketOfSegment(second), null);
        const { bucket, name } = bucketAndName([second, ...rest]);
        return await sign(req, res, caller(), bucket, name);
      }
      if (first === 'public' && (method === 'GET' || method === 'HEAD')) {
        const { bucket, name } = bucketAndName([second, ...rest]);
        return await getPublic(req, res, url, bucket, name);
      }
      if (first === 'authenticated' && (method === 'GET' || method === 'HEAD')) {
        const { bucket, name } = bucketAndName([second, ...rest]);
        const row = await findObject(caller(), bucket, name);
        return await sendFile(req, res, row, url.searchParams.get('download'));
      }
      if (first === 'info' && (method === 'GET' || method === 'HEAD')) {
        const parts = second === 'authenticated' || second === 'public' ? rest : [second, ...rest];
        const { bucket, name } = bucketAndName(parts);
        return await info(res, caller(), bucket, name);
      }
      if (first === 'list' && method === 'POST') {
        return await list(req, res, caller(), bucketOfSegment(second));
      }
      if (method === 'DELETE' && second === undefined && first) {
        return await remove(req, res, caller(), bucketOfSegment(first));
      }
      if (first && second !== undefined) {
        const { bucket, name } = bucketAndName([first, second, ...rest]);
        if (method === 'GET' || method === 'HEAD') {
          const row = await findObject(caller(), bucket, name);
          return await sendFile(req, res, row, url.searchParams.get('download'));
        }
        if (method === 'POST') {
          const upsert = String(req.headers['x-upsert'] ?? 'false').toLowerCase() === 'true';
          return await upload(req, res, caller(), bucket, name, upsert ? 'upsert' : 'insert');
        }
        if (method === 'PUT') return await upload(req, res, caller(), bucket, name, 'update');
      }
      throw ERRORS.notFoundRoute(`${method}:${rawPathname}`);
    } catch (err) {
      if (!req.readableEnded) req.resume();
      if (res.headersSent) {
        log(`[storage] error after response started: ${String(err)}`);
        res.destroy();
        return;
      }
      if (err instanceof StorageError) return sendError(res, err);
      log(
        `[storage] unexpected error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
      );
      sendError(
        res,
        new StorageError('500', 'internal', 'Internal Server Error', 'InternalError', 500),
      );
    }
  };
}

/** A bucket id from its URL segment; a malformed escape is a bad request, not a failure. */
function bucketOfSegment(segment: string | undefined): string {
  try {
    return decodeURIComponent(segment ?? '');
  } catch {
    throw ERRORS.invalidRequest(`Invalid bucket name: ${segment ?? ''}`);
  }
}

/**
 * Postgres errors as storage-api answers them (DBError.fromDBError): a 42501 from row-level
 * security is "new row violates row-level security policy"; any other 42501 (a policy's function
 * raising its key, e.g. document_in_use) keeps its own message.
 */
function translatePgError(e: unknown): unknown {
  if (e instanceof StorageError) return e;
  const code = (e as { code?: unknown } | null)?.code;
  const message = (e as { message?: unknown } | null)?.message;
  if (code === '42501')
    return typeof message === 'string' && !message.includes('row-level security')
      ? ERRORS.accessDenied(message)
      : ERRORS.accessDenied();
  if (code === '23505') return ERRORS.duplicate();
  return e;
}
