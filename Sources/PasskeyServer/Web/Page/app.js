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
async function api(path, method = "GET", body) {
  const response = await fetch(path, {
    method, credentials: "same-origin",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let json;
  try { json = await response.json(); } catch { throw new Error(`The server answered ${response.status} without a readable body.`); }
  if (json.status !== "ok") {
    const error = new Error(json.errorMessage || `The server answered ${response.status}.`);
    error.status = response.status;
    error.code = json.code;
    // An unknownCredential answer echoes the credential ID the page sent, for signalUnknownCredential.
    error.credentialId = json.credentialId;
    throw error;
  }
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

// ---- messages in plain words -----------------------------------------------------------------------------------
function explain(error) {
  switch (error && error.name) {
    case "NotAllowedError": return "No passkey was used: none for this account is on this device, or the request was cancelled or timed out. Nothing was changed.";
    case "InvalidStateError": return "This device already holds a passkey for this account.";
    case "SecurityError": return "This page's address does not match the server's relying party ID, so the browser refused. Open the site at its configured address.";
    case "NotSupportedError": return "This device cannot create the kind of passkey the server asked for.";
    case "AbortError": return "The passkey request was cancelled.";
    default: return (error && error.message) || "Something went wrong.";
  }
}

const $ = id => document.getElementById(id);
function show(message, ok = false) {
  const box = $("message");
  box.textContent = message;
  box.className = ok ? "ok" : "";
  box.hidden = !message;
  // A refusal under a form far down the page must be seen.
  if (message && !ok) box.scrollIntoView({ block: "nearest" });
}

async function busy(button, work) {
  show("");
  abortConditional();
  button.disabled = true;
  try { await work(); } catch (error) { show(explain(error)); } finally { button.disabled = false; }
}

// ---- ceremonies ------------------------------------------------------------------------------------------------
async function register(username, displayName) {
  // A passkey is a discoverable credential: it must be usable without typing a username. User verification is the
  // server's policy (it answers with it), so the page does not ask for a level of its own.
  const options = await api("/attestation/options", "POST", {
    username, displayName: displayName || username,
    authenticatorSelection: { residentKey: "required", requireResidentKey: true },
  });
  const credential = await navigator.credentials.create({ publicKey: creationOptions(options) });
  return api("/attestation/result", "POST", credentialJSON(credential));
}

async function signIn(username, mediation, signal) {
  const options = await api("/assertion/options", "POST", username ? { username } : {});
  const request = { publicKey: requestOptions(options) };
  if (mediation) request.mediation = mediation;
  if (signal) request.signal = signal;
  const credential = await navigator.credentials.get(request);
  try {
    return await api("/assertion/result", "POST", credentialJSON(credential));
  } catch (error) {
    // The server no longer knows this passkey (removed, or its account deleted): the browser may hide it.
    if (error.code === "unknownCredential" && error.credentialId) {
      sendSignal("signalUnknownCredential", { rpId: options.rpId, credentialId: error.credentialId });
    }
    throw error;
  }
}

// Step-up: verify the signed-in user with one of their passkeys again (user verification required), without a new
// session. The server asks for it (403 reverificationRequired) before adding or removing passkeys, ending other
// sessions, deleting the account and replacing recovery codes, when the last verification is older than its window.
async function stepUp() {
  const options = await api("/session/verify/options", "POST", {});
  const credential = await navigator.credentials.get({ publicKey: requestOptions(options) });
  return api("/session/verify/result", "POST", credentialJSON(credential));
}

// Runs a sensitive action; when the server wants a fresh verification, asks for the passkey and tries once more.
async function sensitive(work) {
  try {
    return await work();
  } catch (error) {
    if (error.code !== "reverificationRequired") throw error;
    show("To continue, confirm it is you with your passkey.", true);
    await stepUp();
    return work();
  }
}

// Recovery codes are shown once: after sign-up and when new ones are made.
function showCodes(codes) {
  const list = $("codes-list");
  list.replaceChildren(...codes.map(code => { const item = document.createElement("li"); item.textContent = code; return item; }));
  $("codes-card").hidden = false;
  $("codes-card").scrollIntoView();
}

// A recovery session (after POST /recovery) can only register a new passkey for its account.
let recovering = null;

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
    await refresh("Signed in.");
  } catch (error) {
    // Dismissing the autofill menu is not an error worth showing.
    if (!["AbortError", "NotAllowedError"].includes(error.name) && !controller.signal.aborted) show(explain(error));
  } finally {
    if (conditional === controller) conditional = null;
  }
}

// ---- views -----------------------------------------------------------------------------------------------------
function formatDate(iso) {
  return iso ? new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : null;
}

async function renderPasskeys() {
  const { credentials } = await api("/credentials");
  // What the server accepts for this user, after every load of the list (so after a removal too).
  if (currentUser) {
    sendSignal("signalAllAcceptedCredentials", {
      rpId: currentRPID, userId: currentUser.id, allAcceptedCredentialIds: credentials.map(credential => credential.id),
    });
  }
  const list = $("passkey-list");
  list.replaceChildren();
  for (const credential of credentials) {
    const item = $("passkey-template").content.firstElementChild.cloneNode(true);
    item.dataset.id = credential.id;
    item.querySelector(".passkey-name").textContent = credential.name;
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
    const parts = [];
    parts.push(`Added ${formatDate(credential.createdAt)}`);
    parts.push(credential.lastUsedAt ? `last used ${formatDate(credential.lastUsedAt)}` : "not used yet");
    if (credential.backupState) parts.push("synced");
    item.querySelector(".passkey-meta").textContent = parts.join(" · ");

    const form = item.querySelector(".rename-form");
    const input = item.querySelector(".rename-input");
    item.querySelector(".rename").addEventListener("click", () => {
      form.hidden = false; input.value = credential.name; input.focus(); input.select();
    });
    item.querySelector(".cancel-rename").addEventListener("click", () => { form.hidden = true; });
    form.addEventListener("submit", event => {
      event.preventDefault();
      busy(form.querySelector("button[type=submit]"), async () => {
        await api(`/credentials/${encodeURIComponent(credential.id)}`, "PATCH", { name: input.value });
        await renderPasskeys();
        show("Passkey renamed.", true);
      });
    });
    item.querySelector(".remove").addEventListener("click", event => {
      if (!confirm(`Remove "${credential.name}"? You will no longer be able to sign in with it.`)) return;
      busy(event.currentTarget, async () => {
        await sensitive(() => api(`/credentials/${encodeURIComponent(credential.id)}`, "DELETE"));
        await renderPasskeys();
        show("Passkey removed. Also delete it from your device or password manager.", true);
      });
    });
    list.append(item);
  }
  // One passkey is one lost device away from recovery codes: suggest a second.
  $("nudge").hidden = credentials.length !== 1;
  if (credentials.length === 0) {
    const empty = document.createElement("li");
    empty.className = "muted";
    empty.textContent = "No passkeys left. Add one now, or you will not be able to sign in again.";
    list.append(empty);
  }
}

let currentUser = null;
let currentRPID = null;
async function refresh(message) {
  try {
    const session = await api("/session");
    currentUser = session.user;
    currentRPID = session.rpId;
    recovering = null;
  } catch (error) {
    currentUser = null;
    // A recovery session answers 403 recoverySessionRestricted: it may only add a passkey.
    if (error.code !== "recoverySessionRestricted") recovering = null;
    if (error.status !== 401 && !recovering) show(explain(error));
  }
  $("codes-card").hidden = true;
  $("recovering").hidden = !recovering;
  if (recovering) $("recovering-username").textContent = recovering.name;
  $("signed-in").hidden = !currentUser;
  $("signed-out").hidden = !!currentUser || !!recovering;
  if (currentUser) {
    abortConditional();
    $("welcome-name").textContent = currentUser.displayName;
    $("welcome-username").textContent = currentUser.name;
    // After sign-in (and whenever the signed-in page loads): the names the browser should show for this account.
    sendSignal("signalCurrentUserDetails", {
      rpId: currentRPID, userId: currentUser.id, name: currentUser.name, displayName: currentUser.displayName,
    });
    await renderPasskeys();
    $("codes-remaining").textContent = String((await api("/recovery-codes")).remaining);
  } else if (!recovering) {
    startConditional();
  }
  if (message) show(message, true);
}

// ---- wiring ----------------------------------------------------------------------------------------------------
document.addEventListener("DOMContentLoaded", () => {
  if (!window.PublicKeyCredential || !navigator.credentials) {
    $("unsupported").hidden = false;
  }
  $("register-form").addEventListener("submit", event => {
    event.preventDefault();
    busy($("register-button"), async () => {
      const result = await register($("register-username").value.trim(), $("register-display-name").value.trim());
      $("register-form").reset();
      await refresh("Account created. You are signed in with your new passkey.");
      if (result.recoveryCodes) showCodes(result.recoveryCodes);
    });
  });
  $("signin-form").addEventListener("submit", event => {
    event.preventDefault();
    const username = $("signin-username").value.trim();
    if (!username) { show("Enter your username, or use “Sign in with a passkey”."); return; }
    busy($("signin-button"), async () => { await signIn(username); await refresh("Signed in."); });
  });
  $("passkey-button").addEventListener("click", () => {
    busy($("passkey-button"), async () => { await signIn(null); await refresh("Signed in."); });
  });
  $("add-passkey").addEventListener("click", () => {
    busy($("add-passkey"), async () => {
      await sensitive(() => register(currentUser.name, currentUser.displayName));
      await refresh("Passkey added.");
    });
  });
  $("delete-account").addEventListener("click", () => {
    if (!confirm("Delete your account, all its passkeys and every session? This cannot be undone.")) return;
    busy($("delete-account"), async () => {
      await sensitive(() => api("/account", "DELETE"));
      await refresh("Account deleted. Also delete its passkeys from your devices or password manager.");
    });
  });
  $("signout-others").addEventListener("click", () => {
    busy($("signout-others"), async () => {
      await sensitive(() => api("/sessions", "DELETE"));
      show("Every other session of this account is signed out.", true);
    });
  });
  $("new-codes").addEventListener("click", () => {
    if (!confirm("Make new recovery codes? The ones you have stop working.")) return;
    busy($("new-codes"), async () => {
      const { recoveryCodes } = await sensitive(() => api("/recovery-codes", "POST", {}));
      showCodes(recoveryCodes);
    });
  });
  $("codes-done").addEventListener("click", () => {
    busy($("codes-done"), async () => { await refresh(); });
  });
  $("recover-form").addEventListener("submit", event => {
    event.preventDefault();
    busy($("recover-button"), async () => {
      const result = await api("/recovery", "POST", { username: $("recover-username").value.trim(), code: $("recover-code").value });
      $("recover-form").reset();
      recovering = result.user;
      await refresh();
    });
  });
  $("recovery-add").addEventListener("click", () => {
    busy($("recovery-add"), async () => {
      await register(recovering.name, recovering.displayName);
      recovering = null;
      await refresh("Welcome back. Your new passkey is added and you are signed in; remove the lost ones below.");
    });
  });
  $("signout-button").addEventListener("click", () => {
    busy($("signout-button"), async () => { await api("/session", "DELETE"); await refresh("Signed out."); });
  });
  refresh();
});
