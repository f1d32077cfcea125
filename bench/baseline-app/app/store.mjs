// What the bare routes touch: one table in SQLite (WAL, synchronous=FULL, like the app) or
// PostgreSQL, chosen by BARE_DATABASE_URL (file:… or postgres://…). Statements prepared once.
import Database from "better-sqlite3";
import pg from "pg";
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";

const url = process.env.BARE_DATABASE_URL ?? "file:/tmp/bare.db";
const SECRET = "bench-secret";
let store;

const PAYMENTS =
  "create table if not exists bare_payments (id text primary key, owner text not null, status text not null, amount bigint not null, body text not null, provider_id text, created_at bigint not null, paid_at bigint)";
const OUTBOX =
  "create table if not exists bare_outbox (id text primary key, payment_id text not null, event text not null, created_at bigint not null)";

/** An in-process provider that approves at once (a turn of the event loop, as an awaited call takes). */
async function stubProvider(id, amount) {
  await new Promise((resolve) => setImmediate(resolve));
  return { approved: amount > 0, providerId: `stub_${id}` };
}

function open() {
  if (url.startsWith("postgres")) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    const ready = pool
      .query(
        "create table if not exists bare_rows (id text primary key, owner text not null, body text not null, created_at bigint not null)",
      )
      .then(() => pool.query(PAYMENTS))
      .then(() => pool.query(OUTBOX));
    return {
      async read(id) {
        await ready;
        const a = await pool.query({
          name: "bare_read",
          text: "select id, owner, created_at from bare_rows where id = $1",
          values: [id],
        });
        const b = await pool.query({
          name: "bare_read_owner",
          text: "select count(*)::int as n from bare_rows where owner = $1 and id = $2",
          values: ["o", id],
        });
        return { row: a.rows[0] ?? null, n: b.rows[0].n };
      },
      async write(id, body) {
        await ready;
        await pool.query({
          name: "bare_write",
          text: "insert into bare_rows (id, owner, body, created_at) values ($1, $2, $3, $4)",
          values: [id, "o", body, Date.now()],
        });
      },
      async pay(id, amount, body) {
        await ready;
        await pool.query({
          name: "bare_attempt",
          text: "insert into bare_payments (id, owner, status, amount, body, created_at) values ($1, $2, 'PENDING', $3, $4, $5)",
          values: [id, "o", amount, body, Date.now()],
        });
        const outcome = await stubProvider(id, amount);
        const client = await pool.connect();
        try {
          await client.query("begin");
          await client.query({
            name: "bare_settle",
            text: "update bare_payments set status = 'PAID', provider_id = $2, paid_at = $3 where id = $1 and status = 'PENDING'",
            values: [id, outcome.providerId, Date.now()],
          });
          await client.query({
            name: "bare_outbox",
            text: "insert into bare_outbox (id, payment_id, event, created_at) values ($1, $2, 'payment.paid', $3)",
            values: [randomUUID(), id, Date.now()],
          });
          await client.query("commit");
        } catch (error) {
          await client.query("rollback");
          throw error;
        } finally {
          client.release();
        }
        return { id, status: "PAID" };
      },
    };
  }
  const db = new Database(url.replace(/^file:/, ""));
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.exec(
    "create table if not exists bare_rows (id text primary key, owner text not null, body text not null, created_at integer not null)",
  );
  const readRow = db.prepare("select id, owner, created_at from bare_rows where id = ?");
  const readOwner = db.prepare("select count(*) as n from bare_rows where owner = ? and id = ?");
  const insert = db.prepare("insert into bare_rows (id, owner, body, created_at) values (?, ?, ?, ?)");
  db.exec(PAYMENTS);
  db.exec(OUTBOX);
  const attempt = db.prepare(
    "insert into bare_payments (id, owner, status, amount, body, created_at) values (?, ?, 'PENDING', ?, ?, ?)",
  );
  const settleRow = db.prepare(
    "update bare_payments set status = 'PAID', provider_id = ?, paid_at = ? where id = ? and status = 'PENDING'",
  );
  const outboxRow = db.prepare(
    "insert into bare_outbox (id, payment_id, event, created_at) values (?, ?, 'payment.paid', ?)",
  );
  const settle = db.transaction((id, providerId) => {
    settleRow.run(providerId, Date.now(), id);
    outboxRow.run(randomUUID(), id, Date.now());
  });
  return {
    async read(id) {
      return { row: readRow.get(id) ?? null, n: readOwner.get("o", id).n };
    },
    async write(id, body) {
      insert.run(id, "o", body, Date.now());
    },
    async pay(id, amount, body) {
      attempt.run(id, "o", amount, body, Date.now());
      const outcome = await stubProvider(id, amount);
      settle.immediate(id, outcome.providerId);
      return { id, status: "PAID" };
    },
  };
}

export function bareStore() {
  store ??= open();
  return store;
}

/** The same check the app does on a Bearer token: an HS256 signature over header.payload. */
export function tokenIsValid(header) {
  const token = (header ?? "").replace(/^Bearer\s+/i, "");
  const [h, p, s] = token.split(".");
  if (!h || !p || !s) return false;
  const expected = createHmac("sha256", SECRET).update(`${h}.${p}`).digest();
  const given = Buffer.from(s, "base64url");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function benchToken() {
  const h = Buffer.from('{"alg":"HS256","typ":"JWT"}').toString("base64url");
  const p = Buffer.from(JSON.stringify({ sub: "bench", exp: 4102444800 })).toString("base64url");
  return `${h}.${p}.${createHmac("sha256", SECRET).update(`${h}.${p}`).digest("base64url")}`;
}
