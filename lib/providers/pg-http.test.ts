import { createServer, type Server } from "node:http";
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { callProvider } from "./call";
import { notSentCauseOf } from "./not-processed";
import { sendPgRequest } from "./pg-http";
import { ProviderOutcomeUnknown, type UnknownOutcomeKind } from "./unknown-outcome";

const servers: (Server | TcpServer)[] = [];
const sockets = new Set<Socket>();
afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  sockets.clear();
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

async function listen<S extends Server | TcpServer>(server: S): Promise<number> {
  servers.push(server);
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("error", () => undefined);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return (server.address() as AddressInfo).port;
}

/** A port nothing listens on: bound once, then closed. */
async function closedPort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const port = (server.address() as AddressInfo).port;
  await new Promise((done) => server.close(done));
  return port;
}

const unknown = (kind: UnknownOutcomeKind, message: string) => new ProviderOutcomeUnknown(kind, message);

async function failureOf(url: string, signal?: AbortSignal): Promise<ProviderOutcomeUnknown> {
  const error = await sendPgRequest({ what: "POST /pay", url, method: "POST", headers: {}, body: {}, signal }, unknown)
    .then(() => null)
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ProviderOutcomeUnknown);
  return error as ProviderOutcomeUnknown;
}

describe("the providers' HTTP step tells a request never sent from one that may have been processed", () => {
  it("a refused connection: still an unknown outcome (looked up), marked connection_refused", async () => {
    const failure = await failureOf(`http://127.0.0.1:${await closedPort()}/pay`);
    expect(failure.kind).toBe("connection_lost");
    expect(failure.notProcessed).toBe("connection_refused");
    expect(failure.message).toContain("ECONNREFUSED");
  });

  it("a host name that does not resolve: marked dns_failed", async () => {
    const failure = await failureOf("http://pg-host.invalid/pay");
    expect(failure.kind).toBe("connection_lost");
    expect(failure.notProcessed).toBe("dns_failed");
  });

  it("a TLS session that cannot be set up (no request byte written): marked connect_failed", async () => {
    const port = await listen(
      createTcpServer((socket) => {
        socket.write("HTTP/1.1 400 Bad Request\r\n\r\n");
      }),
    );
    const failure = await failureOf(`https://127.0.0.1:${port}/pay`);
    expect(failure.kind).toBe("connection_lost");
    expect(failure.notProcessed).toBe("connect_failed");
  });

  it("a connection reset after the request arrived: unknown, never marked", async () => {
    let received = false;
    const port = await listen(
      createServer((request) => {
        received = true;
        request.socket.destroy();
      }),
    );
    const failure = await failureOf(`http://127.0.0.1:${port}/pay`);
    expect(received).toBe(true);
    expect(failure.kind).toBe("connection_lost");
    expect(failure.notProcessed).toBeUndefined();
  });

  it("an answer cut off mid-body: unknown, never marked", async () => {
    const port = await listen(
      createServer((_request, response) => {
        response.writeHead(200, { "content-length": "100" });
        response.write('{"status":');
        setTimeout(() => response.socket?.destroy(), 20);
      }),
    );
    const failure = await failureOf(`http://127.0.0.1:${port}/pay`);
    expect(failure.kind).toBe("connection_lost");
    expect(failure.notProcessed).toBeUndefined();
  });

  it("a timeout (the caller stopped waiting): unknown, never marked", async () => {
    const port = await listen(createServer(() => undefined));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const failure = await failureOf(`http://127.0.0.1:${port}/pay`, controller.signal);
    expect(failure.kind).toBe("timeout");
    expect(failure.notProcessed).toBeUndefined();
  });

  it("callProvider passes the cause on with the unknown outcome", async () => {
    const url = `http://127.0.0.1:${await closedPort()}/pay`;
    const result = await callProvider((signal) =>
      sendPgRequest({ what: "POST /pay", url, method: "POST", headers: {}, signal }, unknown),
    );
    expect(result).toMatchObject({ answered: false, notProcessed: "connection_refused" });
    expect(!result.answered && result.reason.startsWith("connection_lost:")).toBe(true);
  });

  it("several addresses tried: marked only when every one failed the same way before sending", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    const reset = Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" });
    const fetchFailed = (cause: unknown) => new TypeError("fetch failed", { cause });
    expect(notSentCauseOf(fetchFailed(new AggregateError([refused, refused])))).toBe("connection_refused");
    expect(notSentCauseOf(fetchFailed(new AggregateError([refused, reset])))).toBeUndefined();
    expect(notSentCauseOf(fetchFailed(reset))).toBeUndefined();
    const closedBeforeTls = Object.assign(
      new Error("Client network socket disconnected before secure TLS connection was established"),
      { code: "ECONNRESET" },
    );
    expect(notSentCauseOf(fetchFailed(closedBeforeTls))).toBe("connect_failed");
    expect(notSentCauseOf(fetchFailed(Object.assign(new Error("x"), { code: "UND_ERR_SOCKET" })))).toBeUndefined();
  });
});
