import type pg from 'pg';

/**
 * In the open transaction of `db` (a superuser's connection: loading the module needs one), every
 * statement from now on taking `minMs` or more, nested ones inside functions too, is explained
 * with ANALYZE and BUFFERS as a notice (the caller collects `db.on('notice')`).
 */
export async function autoExplainHere(db: pg.Client, minMs = 0): Promise<void> {
  await db.query(`load 'auto_explain'`);
  await db.query(`set local auto_explain.log_min_duration = ${Number(minMs)};
                  set local auto_explain.log_analyze = on;
                  set local auto_explain.log_buffers = on;
                  set local auto_explain.log_nested_statements = on;
                  set local auto_explain.log_level = notice`);
}
