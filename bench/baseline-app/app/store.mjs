// What the bare routes touch: one table in SQLite (WAL, synchronous=FULL, like the app) or
// PostgreSQL, chosen by BARE_DATABASE_URL (file:… or postgres://…). Statements prepared once.
import Database from "better-sqlite3";
import pg from "pg";
import { createHmac, timingSafeEqual } from "node:crypto";

const url = process.env.BARE_DATABASE_URL ?? "file:/tmp/bare.db";
const SECRET = "bench-secret";
let store;

function open() {
  if (url.startsWith("postgres")) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    const ready = pool.query(
      "create table if not exists bare_rows (id text primary key, owner text not null, body text not null, created_at bigint not null)",
    );
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
  return {
    async read(id) {
      return { row: readRow.get(id) ?? null, n: readOwner.get("o", id).n };
    },
    async write(id, body) {
      insert.run(id, "o", body, Date.now());
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
