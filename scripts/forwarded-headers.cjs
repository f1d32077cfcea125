/**
 * Preloaded into the `next start` process (`node --require`, see scripts/start.ts). Next keeps
 * whatever X-Forwarded-For a client sends, so before Next sees a request this decides which
 * client address and scheme to believe, with proxy-addr:
 *   TRUST_PROXY unset/false  the socket's address; forwarded headers from clients are dropped
 *   TRUST_PROXY=true         every proxy is trusted: the left-most X-Forwarded-For entry
 *   TRUST_PROXY=2            that many proxy hops in front of the server
 *   TRUST_PROXY=loopback,10.0.0.0/8   proxies at these addresses (names: loopback, linklocal, uniquelocal)
 * and leaves exactly one X-Forwarded-For entry: that address. Plain CommonJS: it runs before
 * anything is compiled.
 */
const http = require("node:http");
const proxyaddr = require("proxy-addr");

function compileTrust(setting) {
  const value = (setting ?? "").trim();
  if (value === "" || value === "false") return () => false;
  if (value === "true") return () => true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, i) => i < hops;
  }
  return proxyaddr.compile(value.split(",").map((s) => s.trim()).filter(Boolean));
}

/** Rewrites one request's forwarding headers to the single address `trust` lets us believe. */
function normalise(req, trust) {
  const socketAddress = req.socket && req.socket.remoteAddress;
  const proxied = socketAddress !== undefined && trust(socketAddress, 0);
  const address = proxyaddr(req, trust);
  for (const name of ["x-forwarded-for", "x-real-ip", "forwarded"]) delete req.headers[name];
  if (!proxied) for (const name of ["x-forwarded-proto", "x-forwarded-host", "x-forwarded-port"]) delete req.headers[name];
  if (address) req.headers["x-forwarded-for"] = address;
}

const trust = compileTrust(process.env.TRUST_PROXY);
const createServer = http.createServer;
http.createServer = function (...args) {
  const index = args.findIndex((a) => typeof a === "function");
  if (index >= 0) {
    const listener = args[index];
    args[index] = function (req, res) {
      normalise(req, trust);
      return listener.call(this, req, res);
    };
  }
  return createServer.apply(this, args);
};

module.exports = { compileTrust, normalise };
