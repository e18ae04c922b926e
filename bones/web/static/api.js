// The table's JSON API: every call returns the parsed body, or throws an Error carrying the server's message.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function call(method, path, body) {
  let resp;
  try {
    resp = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
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
  if (!resp.ok) throw new ApiError(resp.status, (data && data.error) || `The table refused (${resp.status}).`);
  return data;
}

export const api = {
  state: (game) => call("GET", game ? `/api/state?game=${encodeURIComponent(game)}` : "/api/state"),
  action: (body) => call("POST", "/api/action", body),
  undo: (body) => call("POST", "/api/undo", body),
  newGame: (body) => call("POST", "/api/new", body),
  hint: (body) => call("POST", "/api/hint", body),
  lid: (body) => call("POST", "/api/lid", body),
  settings: (body) => call("POST", "/api/settings", body),
};
