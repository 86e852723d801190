// passkeys-bridge.js — the page side of the passkeys web-view bridge.
//
// A page inside an app's WKWebView calls window.passkeys.create(options) / window.passkeys.get(options) with the
// WebAuthn Level 3 JSON options its server sent (PublicKeyCredentialCreationOptionsJSON /
// PublicKeyCredentialRequestOptionsJSON) and gets back the L3 response JSON (RegistrationResponseJSON /
// AuthenticationResponseJSON) to post to the server as is. Failures reject with an Error whose `name` is the
// DOMException name a browser would use (NotAllowedError, InvalidStateError, …) and whose `code` is the typed case
// (cancelled, noCredentials, domainNotAssociated, excludedCredentialMatched, timeout, …).
//
// The native side is PasskeyBridge, reached through the "passkeys" script message handler with reply
// (WKScriptMessageHandlerWithReply). window.passkeys.signalUnknownCredential / signalAllAcceptedCredentials /
// signalCurrentUserDetails pass the Signal API's calls to the app, which tells the platform's passkey list.
// window.passkeys.sessionToken() asks the app for a token for its own API (the app's session stays in the app).
// window.passkeys.installCredentialsShim() additionally routes navigator.credentials.create/get({publicKey}) and
// PublicKeyCredential's signal calls through the bridge, for pages written against the browser API.
(function () {
  "use strict";
  if (window.passkeys && window.passkeys.bridgeVersion) return;

  function handler() {
    var handlers = window.webkit && window.webkit.messageHandlers;
    return handlers && handlers.passkeys;
  }

  function failure(reply) {
    var error = new Error(reply && reply.errMsg ? reply.errMsg : "the passkey bridge failed");
    error.name = (reply && reply.name) || "UnknownError";
    error.code = (reply && reply.code) || "failed";
    return error;
  }

  function send(action, options, mediation) {
    var native = handler();
    if (!native) {
      var missing = new Error("no native passkey bridge in this page (window.webkit.messageHandlers.passkeys)");
      missing.name = "NotSupportedError";
      missing.code = "bridgeUnavailable";
      return Promise.reject(missing);
    }
    var message = { action: action, options: options };
    if (mediation && mediation !== "optional") message.mediation = mediation;
    return Promise.resolve(native.postMessage(message)).then(function (reply) {
      if (typeof reply === "string") reply = JSON.parse(reply);
      if (!reply || reply.ok !== true) throw failure(reply);
      return reply.data;
    });
  }

  // Base64url without padding (the L3 JSON encoding) to and from ArrayBuffers, for the navigator.credentials shim.
  function toBase64URL(value) {
    if (typeof value === "string") return value;
    var bytes = value instanceof ArrayBuffer ? new Uint8Array(value) : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
    var text = "";
    for (var i = 0; i < bytes.length; i++) text += String.fromCharCode(bytes[i]);
    return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function fromBase64URL(text) {
    var padded = text.replace(/-/g, "+").replace(/_/g, "/");
    while (padded.length % 4) padded += "=";
    var binary = atob(padded);
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes.buffer;
  }

  function descriptorsToJSON(list) {
    return (list || []).map(function (d) {
      var out = { type: d.type || "public-key", id: toBase64URL(d.id) };
      if (d.transports) out.transports = d.transports;
      return out;
    });
  }

  function extensionsToJSON(extensions) {
    if (!extensions) return undefined;
    return JSON.parse(JSON.stringify(extensions, function (key, value) {
      return value instanceof ArrayBuffer || ArrayBuffer.isView(value) ? toBase64URL(value) : value;
    }));
  }

  // PublicKeyCredentialCreationOptions -> PublicKeyCredentialCreationOptionsJSON (L3 §5.1.8).
  function creationToJSON(o) {
    var json = Object.assign({}, o, {
      challenge: toBase64URL(o.challenge),
      user: Object.assign({}, o.user, { id: toBase64URL(o.user.id) }),
      excludeCredentials: descriptorsToJSON(o.excludeCredentials),
    });
    if (o.extensions) json.extensions = extensionsToJSON(o.extensions);
    delete json.signal;
    return json;
  }

  // PublicKeyCredentialRequestOptions -> PublicKeyCredentialRequestOptionsJSON (L3 §5.1.9).
  function requestToJSON(o) {
    var json = Object.assign({}, o, { challenge: toBase64URL(o.challenge), allowCredentials: descriptorsToJSON(o.allowCredentials) });
    if (o.extensions) json.extensions = extensionsToJSON(o.extensions);
    delete json.signal;
    return json;
  }

  // RegistrationResponseJSON / AuthenticationResponseJSON -> an object shaped like a PublicKeyCredential, with
  // toJSON() returning the bridge's JSON unchanged, so pages that post credential.toJSON() send exact bytes.
  function credentialFromJSON(json) {
    var response = {};
    Object.keys(json.response).forEach(function (key) {
      var value = json.response[key];
      response[key] = typeof value === "string" && key !== "publicKeyAlgorithm" ? fromBase64URL(value) : value;
    });
    response.getTransports = function () { return json.response.transports || []; };
    response.getAuthenticatorData = function () { return response.authenticatorData; };
    response.getPublicKey = function () { return response.publicKey || null; };
    response.getPublicKeyAlgorithm = function () { return json.response.publicKeyAlgorithm; };
    return {
      id: json.id, rawId: fromBase64URL(json.rawId), type: json.type, response: response,
      authenticatorAttachment: json.authenticatorAttachment || null,
      getClientExtensionResults: function () { return json.clientExtensionResults || {}; },
      toJSON: function () { return json; },
    };
  }

  var api = {
    bridgeVersion: 1,
    /** Creates a passkey: L3 creation options JSON in, RegistrationResponseJSON out. */
    create: function (options, settings) { return send("create", options, settings && settings.mediation); },
    /** Signs in: L3 request options JSON in, AuthenticationResponseJSON out; {mediation: "conditional"} for AutoFill. */
    get: function (options, settings) { return send("get", options, settings && settings.mediation); },
    /** The Signal API (WebAuthn L3 §5.1.10) through the app: {rpId, credentialId}. */
    signalUnknownCredential: function (details) { return send("signalUnknownCredential", details).then(function () {}); },
    /** {rpId, userId, allAcceptedCredentialIds}. */
    signalAllAcceptedCredentials: function (details) { return send("signalAllAcceptedCredentials", details).then(function () {}); },
    /** {rpId, userId, name, displayName}. */
    signalCurrentUserDetails: function (details) { return send("signalCurrentUserDetails", details).then(function () {}); },
    /** A token for the app's own API, from the app's session: {token, expiresIn}. */
    sessionToken: function () { return send("sessionToken", {}); },
    /** Routes navigator.credentials.create/get({publicKey}), and PublicKeyCredential's signal calls, through the bridge. */
    installCredentialsShim: function () {
      if (!navigator.credentials) return false;
      // A page that feature-tests typeof PublicKeyCredential.signalX === "function" finds the app's.
      if (window.PublicKeyCredential) {
        ["signalUnknownCredential", "signalAllAcceptedCredentials", "signalCurrentUserDetails"].forEach(function (name) {
          window.PublicKeyCredential[name] = api[name];
        });
      }
      var original = { create: navigator.credentials.create, get: navigator.credentials.get };
      navigator.credentials.create = function (request) {
        if (!request || !request.publicKey) return original.create.apply(navigator.credentials, arguments);
        return send("create", creationToJSON(request.publicKey), request.mediation).then(credentialFromJSON);
      };
      navigator.credentials.get = function (request) {
        if (!request || !request.publicKey) return original.get.apply(navigator.credentials, arguments);
        return send("get", requestToJSON(request.publicKey), request.mediation).then(credentialFromJSON);
      };
      return true;
    },
  };
  window.passkeys = api;
})();
