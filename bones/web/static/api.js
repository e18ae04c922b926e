// The table's JSON API: every call returns the parsed body, or throws an Error carrying the server's message.
// Every change is a POST of JSON with the page's own header; the server takes it only from this page's origin.

export class ApiError extends Error {
  constructor(status, message, code) {
    super(message);
    this.status = status;
    this.code = code || null;
  }
}

async function call(method, path, body) {
  let resp;
  try {
    resp = await fetch(path, {
      method,
      headers: method === "GET" ? {} : { "Content-Type": "application/json", "X-Bones-Table": "1" },
      body: method === "GET" ? undefined : JSON.stringify(body || {}),
      credentials: "same-origin",
    });
  } catch (e) {
    throw new ApiError(0, "The table cannot be reached. Is `bones serve` still running?");
  }
  let data = null;
  try {
    data = await resp.json();
  } catch (e) {
    throw new ApiError(resp.status, "The table sent an answer that could not be read.");
  }
  if (!resp.ok) throw new ApiError(resp.status, (data && data.error) || `The table refused (${resp.status}).`, data && data.code);
  return data;
}

const query = (game) => (game ? `?game=${encodeURIComponent(game)}` : "");

export const api = {
  state: (game) => call("GET", `/api/state${query(game)}`),
  rules: (game, players, options) => call("GET", `/api/rules?game=${encodeURIComponent(game)}&players=${players}` +
    (options ? `&options=${encodeURIComponent(JSON.stringify(options))}` : "")),
  open: (body) => call("POST", "/api/open", body),
  action: (body) => call("POST", "/api/action", body),
  undo: (body) => call("POST", "/api/undo", body),
  newGame: (body) => call("POST", "/api/new", body),
  hint: (body) => call("POST", "/api/hint", body),
  lid: (body) => call("POST", "/api/lid", body),
  settings: (body) => call("POST", "/api/settings", body),
};
