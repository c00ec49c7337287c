// @ts-check
// The client's network, in one place: `api()` for every HTTP call (one error shape:
// `ApiError` with the status and the server's words) and `connectSocket()` for every
// WebSocket (one reconnect policy, one keep-alive, status callbacks). Pages never call
// `fetch` or `new WebSocket` themselves.

/** @typedef {import("./types/api.js").Json} Json */

export class ApiError extends Error {
  /**
   * @param {number} status the HTTP status (0: the server could not be reached)
   * @param {string} message the server's words
   */
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** A guest is known to the lobby by a random key kept in this browser (never shown). */
export function guestKey() {
  let key = localStorage.getItem("shoal.guest");
  if (!key) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    key = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
    localStorage.setItem("shoal.guest", key);
  }
  return key;
}

/**
 * The words of an error body: the server's `detail` (a sentence, or a validation list).
 * @param {unknown} data
 * @param {string} fallback
 * @returns {string}
 */
export function errorWords(data, fallback) {
  if (typeof data === "string") return data.trim() || fallback;
  const detail = data && typeof data === "object" && "detail" in data ? data.detail : null;
  if (typeof detail === "string" && detail) return detail;
  if (Array.isArray(detail)) {
    return detail
      .map((d) => {
        const where = Array.isArray(d?.loc) ? d.loc.slice(1).join(".") : "";
        return where ? `${where}: ${d?.msg}` : String(d?.msg);
      })
      .join("; ");
  }
  return fallback;
}

/**
 * @typedef {object} ApiOptions
 * @property {"GET" | "POST" | "PUT" | "DELETE" | "PATCH"} [method]
 * @property {unknown} [body] sent as JSON
 * @property {string | null} [token] a seat's token (header X-Shoal-Token)
 * @property {boolean} [guest] send this browser's guest key (header X-Shoal-Guest: the lobby)
 * @property {"auto" | "blob"} [as] "blob": the answer's bytes (a download); "auto": JSON or text
 */

/**
 * One call of the API. Resolves with the answer (JSON parsed, else text); rejects with an
 * `ApiError` carrying the status and the server's words (status 0 when unreachable).
 * @template [T=any] the answer's type (see types/api.d.ts: `Answer<"GET /api/...">`)
 * @param {string} path
 * @param {ApiOptions} [options]
 * @returns {Promise<T>}
 */
export async function api(path, { method = "GET", body, token, guest = false, as = "auto" } = {}) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Shoal-Token"] = token;
  if (guest) headers["X-Shoal-Guest"] = guestKey();
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, "the server cannot be reached");
  }
  const type = response.headers.get("content-type") || "";
  if (response.ok && as === "blob") return /** @type {T} */ (await response.blob());
  const data = type.includes("json") ? await response.json().catch(() => null) : await response.text();
  if (!response.ok) throw new ApiError(response.status, errorWords(data, response.statusText || `error ${response.status}`));
  return data;
}

/** @typedef {"connecting" | "open" | "waiting" | "closed"} SocketStatus */

/**
 * @typedef {object} SocketOptions
 * @property {(message: any) => void} [onMessage] every JSON message but the keep-alive's "pong"
 * @property {(send: (message: Json) => boolean) => void} [onOpen] after each (re)connection: say hello here
 * @property {(status: SocketStatus, detail: { attempt: number, delay: number, code: number }) => void} [onStatus]
 *   "connecting", "open", "waiting" (closed, retrying after `delay` ms), "closed" (for good)
 * @property {(code: number) => boolean} [retry] whether to reconnect after a close with this code
 *   (default: yes, but for the server's refusals 4400-4499 and a normal close 1000)
 * @property {number} [keepAlive] ms between pings (default `SOCKET_POLICY.ping`)
 */

/**
 * The one reconnect policy: exponential back-off with full jitter, from `SOCKET_POLICY.base`
 * ms doubling up to `SOCKET_POLICY.cap` ms, reset by a connection that stays open
 * `SOCKET_POLICY.stable` ms; a "ping" every `SOCKET_POLICY.ping` ms keeps an idle socket alive
 * through proxies (the server answers {"type": "pong"}, which is not passed on).
 */
export const SOCKET_POLICY = Object.freeze({ base: 500, cap: 15000, stable: 5000, ping: 25000 });

/**
 * The delay before reconnection attempt `attempt` (1, 2, ...): a random time up to the
 * doubled back-off (full jitter: many clients dropped at once do not return at once).
 * @param {number} attempt
 * @param {() => number} [random]
 */
export function backoff(attempt, random = Math.random) {
  const ceiling = Math.min(SOCKET_POLICY.cap, SOCKET_POLICY.base * 2 ** Math.max(0, attempt - 1));
  return Math.round(SOCKET_POLICY.base / 2 + random() * (ceiling - SOCKET_POLICY.base / 2));
}

/**
 * @typedef {object} SocketHandle
 * @property {(message: Json) => boolean} send send JSON now if open (false when not)
 * @property {() => void} close close for good (no reconnection)
 * @property {() => void} reconnect drop the connection and open a new one at once
 * @property {() => boolean} isOpen
 */

/**
 * A WebSocket to `path` on this server that reconnects by the one policy until closed.
 * @param {string} path e.g. "/api/lobby/ws?guest=..."
 * @param {SocketOptions} [options]
 * @returns {SocketHandle}
 */
export function connectSocket(path, { onMessage = () => {}, onOpen = () => {}, onStatus = () => {}, retry, keepAlive = SOCKET_POLICY.ping } = {}) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const url = `${scheme}://${location.host}${path}`;
  const again = retry ?? ((code) => code !== 1000 && !(code >= 4400 && code < 4500));
  /** @type {WebSocket | null} */
  let socket = null;
  let attempt = 0;
  let closed = false;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  /** @type {ReturnType<typeof setInterval> | undefined} */
  let pinger;
  let openedAt = 0;

  /** @param {Json} message */
  const send = (message) => {
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  };

  const open = () => {
    clearTimeout(timer);
    onStatus("connecting", { attempt, delay: 0, code: 0 });
    const current = new WebSocket(url);
    socket = current;
    current.onopen = () => {
      openedAt = Date.now();
      onStatus("open", { attempt, delay: 0, code: 0 });
      clearInterval(pinger);
      pinger = setInterval(() => current.readyState === WebSocket.OPEN && current.send("ping"), keepAlive);
      onOpen(send);
    };
    current.onmessage = (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return; // not JSON: nothing a page reads
      }
      if (message && message.type === "pong") return;
      onMessage(message);
    };
    current.onclose = (event) => {
      clearInterval(pinger);
      if (socket !== current) return; // replaced by reconnect()
      socket = null;
      if (closed || !again(event.code)) {
        closed = true;
        onStatus("closed", { attempt, delay: 0, code: event.code });
        return;
      }
      if (openedAt && Date.now() - openedAt >= SOCKET_POLICY.stable) attempt = 0;
      openedAt = 0;
      attempt += 1;
      const delay = backoff(attempt);
      onStatus("waiting", { attempt, delay, code: event.code });
      timer = setTimeout(open, delay);
    };
  };

  // Close the current connection quietly (no retry from its close event).
  const drop = () => {
    clearTimeout(timer);
    clearInterval(pinger);
    const current = socket;
    socket = null;
    if (current) {
      current.onclose = null;
      current.close(1000);
    }
  };

  open();
  return {
    send,
    close() {
      closed = true;
      drop();
      onStatus("closed", { attempt, delay: 0, code: 1000 });
    },
    reconnect() {
      if (closed) return;
      drop();
      attempt = 0;
      open();
    },
    isOpen: () => !!socket && socket.readyState === WebSocket.OPEN,
  };
}
