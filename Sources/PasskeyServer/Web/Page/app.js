"use strict";

// ---- base64url and WebAuthn JSON ----------------------------------------------------------------------------
const b64url = {
  encode(buffer) {
    const bytes = new Uint8Array(buffer);
    let text = "";
    for (const b of bytes) text += String.fromCharCode(b);
    return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  },
  decode(text) {
    const base64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
    return Uint8Array.from(atob(base64), c => c.charCodeAt(0)).buffer;
  },
};

function creationOptions(json) {
  const { status, errorMessage, ...options } = json;
  if (PublicKeyCredential.parseCreationOptionsFromJSON) return PublicKeyCredential.parseCreationOptionsFromJSON(options);
  return {
    ...options,
    challenge: b64url.decode(options.challenge),
    user: { ...options.user, id: b64url.decode(options.user.id) },
    excludeCredentials: (options.excludeCredentials || []).map(c => ({ ...c, id: b64url.decode(c.id) })),
  };
}

function requestOptions(json) {
  const { status, errorMessage, ...options } = json;
  if (PublicKeyCredential.parseRequestOptionsFromJSON) return PublicKeyCredential.parseRequestOptionsFromJSON(options);
  return {
    ...options,
    challenge: b64url.decode(options.challenge),
    allowCredentials: (options.allowCredentials || []).map(c => ({ ...c, id: b64url.decode(c.id) })),
  };
}

function credentialJSON(credential) {
  if (typeof credential.toJSON === "function") return credential.toJSON();
  const r = credential.response;
  const response = { clientDataJSON: b64url.encode(r.clientDataJSON) };
  if (r.attestationObject) {
    response.attestationObject = b64url.encode(r.attestationObject);
    response.transports = r.getTransports ? r.getTransports() : [];
  } else {
    response.authenticatorData = b64url.encode(r.authenticatorData);
    response.signature = b64url.encode(r.signature);
    if (r.userHandle) response.userHandle = b64url.encode(r.userHandle);
  }
  return {
    id: credential.id, rawId: b64url.encode(credential.rawId), type: credential.type, response,
    authenticatorAttachment: credential.authenticatorAttachment || null,
    clientExtensionResults: credential.getClientExtensionResults(),
  };
}

// ---- the API ---------------------------------------------------------------------------------------------------
// The server said no: its HTTP status, its stable `code` (what the page words in the user's language) and its own
// English `errorMessage` (shown as the detail).
class Refusal extends Error {
  constructor(status, body) {
    super((body && body.errorMessage) || `HTTP ${status}`);
    this.name = "Refusal";
    this.status = status;
    this.code = body ? body.code : undefined;
    this.body = body || {};
  }
}

// The server could not be reached at all (fetch's TypeError: offline, refused, reset).
class NetworkFailure extends Error {
  constructor(cause) {
    super(String((cause && cause.message) || cause));
    this.name = "NetworkFailure";
  }
}

async function api(path, method = "GET", body) {
  let response;
  try {
    response = await fetch(path, {
      method, credentials: "same-origin",
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new NetworkFailure(error);
  }
  let json;
  try { json = await response.json(); } catch { throw new Refusal(response.status, null); }
  if (json.status !== "ok") throw new Refusal(response.status, json);
  return json;
}

// ---- the Signal API: keeping the browser's passkey list true to the server ---------------------------------------
// WebAuthn L3 §5.1.10. Only where the browser has the call, and never in the way: a signal is a hint, so a browser
// that refuses or fails one changes nothing the user asked for.
// (Not named `signal`: signIn() has a parameter of that name, an AbortSignal.)
function sendSignal(name, details) {
  if (!window.PublicKeyCredential || typeof PublicKeyCredential[name] !== "function") return;
  try {
    Promise.resolve(PublicKeyCredential[name](details)).catch(() => {});
  } catch {}
}

// ---- failures in the user's words ------------------------------------------------------------------------------
// Server refusals by code (docs: /openapi.json lists each route's codes). A code not listed is worded by its status.
const REFUSALS = {
  originNotAllowed: "refusal.originNotAllowed", crossSiteRequest: "refusal.originNotAllowed",
  rateLimited: "refusal.rateLimited", storeUnavailable: "refusal.storeUnavailable",
  usernameTaken: "refusal.usernameTaken", usernameMixesScripts: "refusal.usernameMixesScripts",
  credentialAlreadyRegistered: "refusal.credentialAlreadyRegistered", unknownCredential: "refusal.unknownCredential",
  unknownCeremony: "refusal.unknownCeremony", invalidRecoveryCode: "refusal.invalidRecoveryCode",
  recoverySessionRestricted: "refusal.recoverySessionRestricted", reverificationRequired: "refusal.reverificationRequired",
  userNotVerified: "refusal.userNotVerified", lastPasskey: "refusal.lastPasskey", signInConflict: "refusal.signInConflict",
  sessionEnded: "refusal.sessionEnded", accountDeleted: "refusal.accountDeleted", notSignedIn: "refusal.notSignedIn",
  payloadTooLarge: "refusal.payloadTooLarge", requestTimeout: "refusal.requestTimeout",
  // Verification failures (the core's codes) that a user can act on, then the rest in one sentence.
  originMismatch: "refusal.originMismatch", rpIdHashMismatch: "refusal.originMismatch",
  topOriginMismatch: "refusal.originMismatch", crossOriginNotAllowed: "refusal.originMismatch",
  untrustedAttestation: "refusal.authenticatorNotAllowed", authenticatorNotAllowed: "refusal.authenticatorNotAllowed",
  attestationTypeNotAllowed: "refusal.authenticatorNotAllowed", authenticatorCompromised: "refusal.authenticatorNotAllowed",
  aaguidMismatch: "refusal.authenticatorNotAllowed", signCountRegression: "refusal.signCountRegression",
  challengeMismatch: "refusal.verificationFailed", typeMismatch: "refusal.verificationFailed",
  credentialTypeMismatch: "refusal.verificationFailed", credentialIdMismatch: "refusal.verificationFailed",
  userNotPresent: "refusal.verificationFailed", invalidSignature: "refusal.verificationFailed",
  invalidBackupFlags: "refusal.verificationFailed", backupEligibilityChanged: "refusal.verificationFailed",
  unsupportedAlgorithm: "refusal.verificationFailed", invalidPublicKey: "refusal.verificationFailed",
  unsupportedFormat: "refusal.verificationFailed", invalidAttestationStatement: "refusal.verificationFailed",
  certificateInvalid: "refusal.verificationFailed", missingAttestedCredentialData: "refusal.verificationFailed",
  userHandleMismatch: "refusal.verificationFailed", invalidUserHandle: "refusal.verificationFailed",
};

function refusalKey(error) {
  if (REFUSALS[error.code]) return REFUSALS[error.code];
  if (error.status === 401) return "refusal.unauthorized";
  if (error.status === 404) return "refusal.notFound";
  if (error.status === 413) return "refusal.payloadTooLarge";
  if (error.status === 400) return "refusal.badRequest";
  if (error.status >= 500) return "refusal.server";
  return "refusal.generic";
}

// What to tell the user about `error`: a catalog key with its values, the detail (the server's or the browser's own
// words), and whether trying again could help.
function explain(error, { stepUp = false } = {}) {
  if (error instanceof NetworkFailure) return { key: "error.network", retry: true };
  if (error instanceof Refusal) {
    if (!error.body.errorMessage) return { key: "error.unreadable", values: { status: error.status }, retry: error.status >= 500 };
    const retry = error.status >= 500 || error.status === 429 || error.code === "storeUnavailable";
    return { key: refusalKey(error), detail: error.body.errorMessage, retry };
  }
  const detail = error && error.message;
  switch (error && error.name) {
    // During a step-up the passkey was asked for with user verification required: a cancelled sheet and a device that
    // could not verify the user look alike to the page (L3 §5.1.4: both are NotAllowedError).
    case "NotAllowedError": return { key: stepUp ? "error.stepUpNotAllowed" : "error.notAllowed", detail };
    case "InvalidStateError": return { key: "error.invalidState", detail };
    case "SecurityError": return { key: "error.security", detail };
    case "NotSupportedError": return { key: "error.notSupported", detail };
    case "AbortError": return { key: "error.abort", detail };
    default: return { key: "error.unknown", detail };
  }
}

// ---- messages --------------------------------------------------------------------------------------------------
const $ = id => document.getElementById(id);

// The one message on screen, kept as a key and values so a change of language words it again.
let message = null;

function renderMessage() {
  const status = $("status"), alert = $("alert");
  status.replaceChildren();
  alert.replaceChildren();
  if (!message) return;
  const region = message.kind === "alert" ? alert : status;
  const text = document.createElement("p");
  text.className = "message-text";
  text.tabIndex = -1;
  I18n.fill(text, message.key, message.values);
  region.append(text);
  if (message.detail) region.append(details(message.detail));
  if (message.retry) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "secondary small retry";
    button.textContent = I18n.text("error.retry");
    button.addEventListener("click", message.retry);
    region.append(button);
  }
}

// The server's (or the browser's) own words, folded under "Details": for whoever reports the problem.
function details(detail) {
  const element = document.createElement("details");
  const summary = document.createElement("summary");
  summary.textContent = I18n.text("error.details");
  const body = document.createElement("p");
  body.textContent = detail;
  element.append(summary, body);
  return element;
}

function say(key, values) {
  clearFieldErrors();
  message = { kind: "status", key, values };
  renderMessage();
}

// A failure: at the field it is about (`field(error)`: marked invalid, the message tied to it, focus there), or in
// the alert with focus on it. `retry` runs the failed action again when trying again could help.
function fail(error, { field, retry, stepUp } = {}) {
  const explained = explain(error, { stepUp });
  const input = field && field(error);
  if (input) {
    message = null;
    renderMessage();
    setFieldError(input, explained.key, explained.values, explained.detail);
    return;
  }
  clearFieldErrors();
  message = { kind: "alert", ...explained, retry: explained.retry ? retry : undefined };
  renderMessage();
  $("alert").querySelector(".message-text").focus();
  // The origin's refusal is the banner's case: name the right address where the page can.
  if (error instanceof Refusal && REFUSALS[error.code] === "refusal.originNotAllowed") checkOrigin(error.body.origins || origins);
}

function clearMessage() {
  message = null;
  renderMessage();
}

// ---- fields ----------------------------------------------------------------------------------------------------
const fieldErrors = new Map();

function errorElement(input) {
  return input.id ? $(`${input.id}-error`) : input.closest("form").querySelector(".field-error");
}

function setFieldError(input, key, values, detail) {
  clearFieldErrors();
  fieldErrors.set(input, { key, values, detail });
  renderFieldErrors();
  input.focus();
}

function renderFieldErrors() {
  for (const [input, { key, values, detail }] of fieldErrors) {
    const element = errorElement(input);
    const text = document.createElement("p");
    I18n.fill(text, key, values);
    element.replaceChildren(text);
    if (detail) element.append(details(detail));
    element.hidden = false;
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", element.id);
  }
}

function clearFieldErrors() {
  for (const input of fieldErrors.keys()) {
    const element = errorElement(input);
    if (element) { element.hidden = true; element.replaceChildren(); }
    input.removeAttribute("aria-invalid");
    input.removeAttribute("aria-describedby");
  }
  fieldErrors.clear();
}

// ---- the page's state ------------------------------------------------------------------------------------------
const state = {
  view: "loading",     // loading | signed-out | signed-in | recovering | unknown (the server could not be asked)
  user: null,          // the signed-in user
  rpId: null,
  credentials: [],
  remaining: null,     // unused recovery codes
  recovering: null,    // the account a recovery session is for (POST /recovery)
  codes: null,         // recovery codes being shown, once
};
// The origins this relying party serves the page at (GET /session tells, signed in or not).
let origins = null;

// Passkeys made on this browser, by credential ID, so the list can mark them.
const madeHere = {
  key: "passkeys-made-here",
  all() {
    try { return new Set(JSON.parse(localStorage.getItem(this.key) || "[]")); } catch { return new Set(); }
  },
  add(id) {
    const ids = this.all();
    ids.add(id);
    try { localStorage.setItem(this.key, JSON.stringify([...ids])); } catch {}
  },
};

// ---- ceremonies ------------------------------------------------------------------------------------------------
async function register(username, displayName) {
  // A passkey is a discoverable credential: it must be usable without typing a username. User verification is the
  // server's policy (it answers with it), so the page does not ask for a level of its own.
  const options = await api("/attestation/options", "POST", {
    username, displayName: displayName || username,
    authenticatorSelection: { residentKey: "required", requireResidentKey: true },
  });
  const credential = await navigator.credentials.create({ publicKey: creationOptions(options) });
  const result = await api("/attestation/result", "POST", credentialJSON(credential));
  if (result.credential && result.credential.id) madeHere.add(result.credential.id);
  ceremonyDone = true;
  return result;
}

async function signIn(username, mediation, signal) {
  const options = await api("/assertion/options", "POST", username ? { username } : {});
  const request = { publicKey: requestOptions(options) };
  if (mediation) request.mediation = mediation;
  if (signal) request.signal = signal;
  const credential = await navigator.credentials.get(request);
  try {
    const result = await api("/assertion/result", "POST", credentialJSON(credential));
    ceremonyDone = true;
    return result;
  } catch (error) {
    // The server no longer knows this passkey (removed, or its account deleted): the browser may hide it.
    if (error.code === "unknownCredential" && error.body.credentialId) {
      sendSignal("signalUnknownCredential", { rpId: options.rpId, credentialId: error.body.credentialId });
    }
    throw error;
  }
}

// A failed step-up, marked so that the browser's NotAllowedError is explained as a confirmation that did not happen.
class StepUpFailure extends Error {
  constructor(cause) {
    super(cause.message);
    this.name = "StepUpFailure";
    this.cause = cause;
  }
}

// Step-up: verify the signed-in user with one of their passkeys again (user verification required), without a new
// session. The server asks for it (403 reverificationRequired) before adding or removing passkeys, ending other
// sessions, deleting the account and replacing recovery codes, when the last verification is older than its window.
async function stepUp() {
  try {
    const options = await api("/session/verify/options", "POST", {});
    const credential = await navigator.credentials.get({ publicKey: requestOptions(options) });
    const result = await api("/session/verify/result", "POST", credentialJSON(credential));
    ceremonyDone = true;
    return result;
  } catch (error) {
    throw new StepUpFailure(error);
  }
}

// ---- signing in to an app (OpenID Connect) ----------------------------------------------------------------------
// `/authorize` sends the user here as `/?authorize=<its request>` to sign in with a passkey, or with `fresh=1` to
// confirm a signed-in session with a passkey again (the app asked for prompt=login or max_age). Once that is done the
// page goes back to the request, and the server decides again. Only a path of this server's /authorize is followed,
// never an address on another site.
const pageParameters = new URLSearchParams(location.search);
const authorizeRequest = (() => {
  const value = pageParameters.get("authorize");
  return value && value.startsWith("/authorize?") ? value : null;
})();
const authorizeFresh = pageParameters.get("fresh") === "1";
// Whether a passkey ceremony finished on this page (a sign-in, a registration or a step-up).
let ceremonyDone = false;

// Goes back to /authorize when the page has done what it was asked; true when it did.
function continueAuthorization() {
  if (!authorizeRequest || (authorizeFresh && !ceremonyDone)) return false;
  location.assign(authorizeRequest);
  return true;
}

// Runs a sensitive action; when the server wants a fresh verification, asks for the passkey and tries once more.
// The request to confirm is shown only while the passkey is being asked for.
async function sensitive(work) {
  try {
    return await work();
  } catch (error) {
    if (error.code !== "reverificationRequired") throw error;
    say("stepUp.asking");
    await stepUp();
    clearMessage();
    return work();
  }
}

// Passkey autofill: a pending conditional request lets the browser offer passkeys in the username field.
let conditional = null;
function abortConditional() {
  if (conditional) { conditional.abort(); conditional = null; }
}
// `?autofill=off` keeps the page from offering passkeys in the username field (for kiosks, and for automated tests,
// whose virtual authenticators answer an autofill request at once instead of waiting for the user to pick).
const autofill = new URLSearchParams(location.search).get("autofill") !== "off";

async function startConditional() {
  if (!autofill || !window.PublicKeyCredential || !PublicKeyCredential.isConditionalMediationAvailable) return;
  if (!(await PublicKeyCredential.isConditionalMediationAvailable())) return;
  abortConditional();
  const controller = new AbortController();
  conditional = controller;
  try {
    await signIn(null, "conditional", controller.signal);
    await refresh({ done: "done.signedIn", focus: "welcome-heading" });
  } catch (error) {
    // Dismissing the autofill menu is not an error worth showing.
    if (!["AbortError", "NotAllowedError"].includes(error.name) && !controller.signal.aborted) fail(error);
  } finally {
    if (conditional === controller) conditional = null;
  }
}

// ---- actions ---------------------------------------------------------------------------------------------------
// Runs `work` for a button. The button is marked busy with aria-disabled rather than disabled, so it keeps the focus
// (a disabled button drops it to <body>); a second press while busy does nothing. A failure is shown, at the input
// `field(error)` names when it is about one, with a retry that runs the same action again.
async function busy(button, work, { field } = {}) {
  if (button.getAttribute("aria-disabled") === "true") return;
  clearMessage();
  clearFieldErrors();
  abortConditional();
  button.setAttribute("aria-disabled", "true");
  try {
    await work();
  } catch (error) {
    const stepUpFailed = error instanceof StepUpFailure;
    const cause = stepUpFailed ? error.cause : error;
    if (cause instanceof Refusal && cause.status === 401 && state.view === "signed-in") {
      // The session ended elsewhere (signed out everywhere else, expired): nothing signed-in is left on screen.
      showSignedOut();
    }
    fail(cause, { field, stepUp: stepUpFailed, retry: () => busy(button, work, { field }) });
  } finally {
    button.removeAttribute("aria-disabled");
  }
}

// ---- views -----------------------------------------------------------------------------------------------------
function focus(id) {
  const element = $(id);
  if (element) element.focus();
}

function showSignedOut() {
  state.view = "signed-out";
  state.user = null;
  state.credentials = [];
  state.remaining = null;
  state.codes = null;
  render();
}

// Asks the server who is signed in and shows that; `done` is the success to announce, `focus` the heading to move to.
// With `stay`, a signed-in page does not go back to an app's /authorize yet: a new account's recovery codes are shown
// first, and the codes card's button goes on.
async function refresh({ done, focus: target, stay = false } = {}) {
  try {
    const session = await api("/session");
    origins = session.origins || origins;
    state.user = session.user;
    state.rpId = session.rpId;
    state.recovering = null;
    state.view = "signed-in";
  } catch (error) {
    if (!(error instanceof Refusal)) {
      state.view = "unknown";
      render();
      fail(error, { retry: () => { clearMessage(); refresh({ done, focus: target, stay }); } });
      return;
    }
    origins = error.body.origins || origins;
    state.user = null;
    // A recovery session answers 403 recoverySessionRestricted: it may only add a passkey.
    if (error.code !== "recoverySessionRestricted") state.recovering = null;
    state.view = state.recovering ? "recovering" : "signed-out";
    if (error.status !== 401 && !state.recovering) fail(error);
  }
  checkOrigin(origins);
  if (state.view === "signed-in" && !stay && continueAuthorization()) return;
  if (state.view === "signed-in") {
    abortConditional();
    // After sign-in (and whenever the signed-in page loads): the names the browser should show for this account.
    sendSignal("signalCurrentUserDetails", {
      rpId: state.rpId, userId: state.user.id, name: state.user.name, displayName: state.user.displayName,
    });
    try {
      await loadPasskeys();
      state.remaining = (await api("/recovery-codes")).remaining;
    } catch (error) {
      render();
      fail(error, { retry: () => { clearMessage(); refresh({ done, focus: target, stay }); } });
      return;
    }
  } else if (state.view === "signed-out") {
    state.codes = null;
    startConditional();
  }
  render();
  if (done) say(done);
  if (target) focus(target);
}

async function loadPasskeys() {
  const { credentials } = await api("/credentials");
  state.credentials = credentials;
  // What the server accepts for this user, after every load of the list (so after a removal too).
  if (state.user) {
    sendSignal("signalAllAcceptedCredentials", {
      rpId: state.rpId, userId: state.user.id, allAcceptedCredentialIds: credentials.map(credential => credential.id),
    });
  }
}

function render() {
  $("signed-in").hidden = state.view !== "signed-in";
  $("signed-out").hidden = state.view !== "signed-out";
  $("authorize-note").hidden = !authorizeRequest || state.view !== "signed-out";
  $("authorize-card").hidden = !(authorizeRequest && authorizeFresh) || state.view !== "signed-in";
  $("recovering").hidden = state.view !== "recovering";
  $("codes-card").hidden = !state.codes;
  if (state.view === "recovering") {
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = state.recovering.name;
    I18n.fill($("recovering-heading"), "recovering.heading", { username: name });
  }
  if (state.codes) renderCodes();
  if (state.view === "signed-in") renderAccount();
  document.querySelector("main").removeAttribute("aria-busy");
}

function renderAccount() {
  const name = document.createElement("span");
  name.id = "welcome-name";
  name.textContent = state.user.displayName;
  I18n.fill($("welcome-heading"), "account.welcome", { name });
  const username = document.createElement("span");
  username.id = "welcome-username";
  username.textContent = state.user.name;
  I18n.fill($("welcome-line"), "account.signedInAs", { username });
  if (state.remaining !== null) {
    const count = document.createElement("span");
    count.id = "codes-remaining";
    count.textContent = I18n.number(state.remaining);
    I18n.fill($("codes-remaining-line"), "recoveryStatus.remaining", { count }, state.remaining);
  }
  // One passkey is one lost device away from recovery codes: suggest a second (a suggestion, not an error).
  $("nudge").hidden = state.credentials.length !== 1;
  renderPasskeys();
}

function renderPasskeys() {
  const list = $("passkey-list");
  list.replaceChildren();
  const here = madeHere.all();
  const only = state.credentials.length === 1;
  state.credentials.forEach((credential, index) => {
    const item = $("passkey-template").content.firstElementChild.cloneNode(true);
    item.dataset.id = credential.id;
    item.querySelector(".passkey-name").textContent = credential.name;
    if (here.has(credential.id)) {
      const badge = item.querySelector(".this-browser");
      badge.hidden = false;
      badge.textContent = I18n.text("passkey.thisBrowser");
    }
    // Who holds the passkey, whatever the user named it: the server checked the icons (image data: URLs only).
    const provider = credential.provider;
    if (provider) {
      const line = item.querySelector(".passkey-provider");
      line.hidden = false;
      line.querySelector(".provider-name").textContent = provider.name;
      const light = provider.icon || provider.iconDark, dark = provider.iconDark || provider.icon;
      if (light && light.startsWith("data:image/")) line.querySelector(".provider-icon").src = light;
      if (dark && dark.startsWith("data:image/")) line.querySelector(".provider-icon-dark").srcset = dark;
    }
    const parts = [I18n.text("passkey.added", { date: I18n.date(credential.createdAt) })];
    parts.push(credential.lastUsedAt ? I18n.text("passkey.lastUsed", { date: I18n.date(credential.lastUsedAt) }) : I18n.text("passkey.notUsed"));
    if (credential.backupState) parts.push(I18n.text("passkey.synced"));
    item.querySelector(".passkey-meta").textContent = parts.join(" · ");

    // Every control names the passkey it acts on, so a list of "Rename" buttons is not a puzzle to a screen reader.
    const form = item.querySelector(".rename-form");
    const input = item.querySelector(".rename-input");
    const rename = item.querySelector(".rename"), remove = item.querySelector(".remove");
    input.id = `rename-${index}`;
    form.querySelector(".field-error").id = `rename-${index}-error`;
    input.setAttribute("aria-label", I18n.text("passkey.newName", { name: credential.name }));
    form.querySelector(".rename-save").textContent = I18n.text("passkey.save");
    form.querySelector(".cancel-rename").textContent = I18n.text("passkey.cancel");
    rename.textContent = I18n.text("passkey.rename");
    rename.setAttribute("aria-label", I18n.text("passkey.renameLabel", { name: credential.name }));
    remove.textContent = I18n.text("passkey.remove");
    remove.setAttribute("aria-label", I18n.text("passkey.removeLabel", { name: credential.name }));
    // The last passkey cannot be removed (the server refuses: the account would have no way in), so it is not offered.
    remove.hidden = only;
    const onlyNote = item.querySelector(".passkey-only");
    onlyNote.hidden = !only;
    onlyNote.textContent = only ? I18n.text("passkey.onlyOne") : "";

    rename.addEventListener("click", () => {
      form.hidden = false;
      input.value = credential.name;
      input.focus();
      input.select();
    });
    form.querySelector(".cancel-rename").addEventListener("click", () => {
      form.hidden = true;
      clearFieldErrors();
      rename.focus();
    });
    form.addEventListener("submit", event => {
      event.preventDefault();
      const name = input.value.trim();
      if (!name) { setFieldError(input, "passkey.nameRequired"); return; }
      busy(form.querySelector(".rename-save"), async () => {
        await api(`/credentials/${encodeURIComponent(credential.id)}`, "PATCH", { name });
        await loadPasskeys();
        render();
        say("done.renamed");
        list.querySelector(`[data-id="${CSS.escape(credential.id)}"] .rename`)?.focus();
      }, { field: error => (error instanceof Refusal && error.status === 400 ? input : null) });
    });
    remove.addEventListener("click", () => {
      if (!confirm(I18n.text("confirm.remove", { name: credential.name }))) return;
      busy(remove, async () => {
        await sensitive(() => api(`/credentials/${encodeURIComponent(credential.id)}`, "DELETE"));
        await loadPasskeys();
        render();
        say("done.removed");
        focus("passkeys-heading");
      });
    });
    list.append(item);
  });
  if (state.credentials.length === 0) {
    const empty = document.createElement("li");
    empty.className = "muted";
    empty.textContent = I18n.text("passkeys.empty");
    list.append(empty);
  }
}

// ---- recovery codes --------------------------------------------------------------------------------------------
function renderCodes() {
  $("codes-list").replaceChildren(...state.codes.map(code => {
    const item = document.createElement("li");
    item.textContent = code;
    return item;
  }));
}

function showCodes(codes) {
  state.codes = codes;
  render();
  focus("codes-heading");
}

function codesText() {
  const username = (state.user && state.user.name) || "";
  return [I18n.text("codes.fileTitle", { username, site: location.host }), I18n.text("codes.fileNote"), "", ...state.codes, ""].join("\n");
}

async function copyCodes() {
  try {
    await navigator.clipboard.writeText(codesText());
    say("codes.copied");
  } catch {
    // No clipboard (permission refused, an insecure context): select the codes so the user can copy them.
    const range = document.createRange();
    range.selectNodeContents($("codes-list"));
    const selection = getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    message = { kind: "alert", key: "codes.copyFailed" };
    renderMessage();
  }
}

function downloadCodes() {
  const username = ((state.user && state.user.name) || "").replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^[-.]+|-+$/g, "");
  const file = username ? `recovery-codes-${username}.txt` : "recovery-codes.txt";
  const url = URL.createObjectURL(new Blob([codesText()], { type: "text/plain;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = file;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  say("codes.downloaded", { file });
}

// ---- the address the page is opened at -------------------------------------------------------------------------
// WebAuthn binds a passkey to the RP ID and the server accepts only its configured origins, so a page opened at
// another address (http://127.0.0.1:8080 for RP ID localhost) looks right and fails at every step. Say so at once,
// with a link to the same page at a configured address.
function checkOrigin(accepted) {
  const banner = $("origin-banner");
  const web = (accepted || []).filter(origin => /^https?:\/\//.test(origin));
  if (web.length === 0 || web.includes(location.origin)) {
    banner.hidden = true;
    return;
  }
  const sameScheme = web.find(origin => origin.startsWith(location.protocol));
  const target = (sameScheme || web[0]) + location.pathname + location.search + location.hash;
  const link = document.createElement("a");
  link.href = target;
  link.textContent = target;
  const current = document.createElement("strong");
  current.textContent = location.origin;
  I18n.fill(banner, "origin.banner", { current, link });
  banner.hidden = false;
}

// ---- language --------------------------------------------------------------------------------------------------
async function useLanguage(tag) {
  await I18n.load(tag);
  $("language").value = tag;
  I18n.apply();
  checkOrigin(origins);
  if (state.view !== "loading") render();
  renderMessage();
  renderFieldErrors();
}

// ---- wiring ----------------------------------------------------------------------------------------------------
document.addEventListener("DOMContentLoaded", async () => {
  try {
    await useLanguage(I18n.preferred());
  } catch {
    await useLanguage("en").catch(() => {});
  }
  $("language").addEventListener("change", event => {
    const tag = event.target.value;
    I18n.remember(tag);
    useLanguage(tag).catch(error => fail(new NetworkFailure(error)));
  });
  if (!window.PublicKeyCredential || !navigator.credentials) {
    $("unsupported").hidden = false;
  }
  $("register-form").addEventListener("submit", event => {
    event.preventDefault();
    const field = $("register-username");
    const username = field.value.trim();
    if (!username) { setFieldError(field, "field.usernameRequired"); return; }
    busy($("register-button"), async () => {
      const result = await register(username, $("register-display-name").value.trim());
      $("register-form").reset();
      await refresh({ done: "done.accountCreated", focus: "welcome-heading", stay: Boolean(result.recoveryCodes) });
      if (result.recoveryCodes) showCodes(result.recoveryCodes);
    }, { field: error => (["usernameTaken", "usernameMixesScripts"].includes(error.code) ? field : null) });
  });
  $("signin-form").addEventListener("submit", event => {
    event.preventDefault();
    const field = $("signin-username");
    const username = field.value.trim();
    if (!username) { setFieldError(field, "field.signInUsername"); return; }
    busy($("signin-button"), async () => {
      await signIn(username);
      await refresh({ done: "done.signedIn", focus: "welcome-heading" });
    });
  });
  $("passkey-button").addEventListener("click", () => {
    busy($("passkey-button"), async () => {
      await signIn(null);
      await refresh({ done: "done.signedIn", focus: "welcome-heading" });
    });
  });
  const addPasskey = button => busy(button, async () => {
    await sensitive(() => register(state.user.name, state.user.displayName));
    await refresh({ done: "done.passkeyAdded", focus: "passkeys-heading" });
  });
  $("add-passkey").addEventListener("click", () => addPasskey($("add-passkey")));
  $("nudge-add").addEventListener("click", () => addPasskey($("nudge-add")));
  $("delete-account").addEventListener("click", () => {
    if (!confirm(I18n.text("confirm.deleteAccount"))) return;
    busy($("delete-account"), async () => {
      await sensitive(() => api("/account", "DELETE"));
      showSignedOut();
      say("done.accountDeleted");
      focus("signin-heading");
      startConditional();
    });
  });
  $("signout-others").addEventListener("click", () => {
    busy($("signout-others"), async () => {
      await sensitive(() => api("/sessions", "DELETE"));
      say("done.othersSignedOut");
    });
  });
  $("new-codes").addEventListener("click", () => {
    if (!confirm(I18n.text("confirm.newCodes"))) return;
    busy($("new-codes"), async () => {
      const { recoveryCodes } = await sensitive(() => api("/recovery-codes", "POST", {}));
      state.remaining = recoveryCodes.length;
      say("done.newCodes");
      showCodes(recoveryCodes);
    });
  });
  $("codes-copy").addEventListener("click", copyCodes);
  $("codes-download").addEventListener("click", downloadCodes);
  $("codes-print").addEventListener("click", () => window.print());
  $("codes-done").addEventListener("click", () => {
    busy($("codes-done"), async () => {
      state.codes = null;
      await refresh({ focus: state.user ? "welcome-heading" : "signin-heading" });
    });
  });
  $("recover-form").addEventListener("submit", event => {
    event.preventDefault();
    const username = $("recover-username"), code = $("recover-code");
    if (!username.value.trim()) { setFieldError(username, "field.usernameRequired"); return; }
    if (!code.value.trim()) { setFieldError(code, "field.codeRequired"); return; }
    busy($("recover-button"), async () => {
      const result = await api("/recovery", "POST", { username: username.value.trim(), code: code.value });
      $("recover-form").reset();
      state.recovering = result.user;
      await refresh({ focus: "recovering-heading" });
    }, { field: error => (error.code === "invalidRecoveryCode" ? code : null) });
  });
  $("recovery-add").addEventListener("click", () => {
    busy($("recovery-add"), async () => {
      await register(state.recovering.name, state.recovering.displayName);
      state.recovering = null;
      await refresh({ done: "done.recovered", focus: "welcome-heading" });
    });
  });
  $("authorize-continue").addEventListener("click", () => {
    busy($("authorize-continue"), async () => {
      await stepUp();
      continueAuthorization();
    });
  });
  $("signout-button").addEventListener("click", () => {
    busy($("signout-button"), async () => {
      await api("/session", "DELETE");
      // Signed out now, whatever a later request says: nothing of the account stays on screen.
      showSignedOut();
      say("done.signedOut");
      focus("signin-heading");
      startConditional();
    });
  });
  await refresh();
});
