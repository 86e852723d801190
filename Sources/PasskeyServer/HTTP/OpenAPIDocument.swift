/// The OpenAPI 3.1 description of the whole HTTP API, served at `/openapi.json`. A test checks that every route the
/// server registers is described here and every path here is served.
enum OpenAPIDocument {
    static let json = #"""
{
  "openapi": "3.1.0",
  "info": {
    "title": "Passkeys relying party",
    "version": "1.0.0",
    "description": "WebAuthn registration and sign-in following the FIDO2 conformance server API (the transport binding profile of 'FIDO2: Server Requirements and Transport Binding Profile'), plus sessions and passkey management. Every JSON body has status ('ok' or 'failed') and errorMessage, and a failure a stable code where one applies. Binary values are base64url without padding. Every POST, PATCH and DELETE must be sent as application/json (a DELETE without a body may omit it; else 415 unsupportedMediaType) and is refused with 403 when its Origin header is not one of the relying party's origins (originNotAllowed) or Sec-Fetch-Site is cross-site (crossSiteRequest). Options requests and failed results are rate limited per client (429 rateLimited, with Retry-After). While the database is unreachable, every endpoint that needs it answers 503 storeUnavailable with Retry-After."
  },
  "paths": {
    "/attestation/options": {
      "post": {
        "summary": "Begin a registration",
        "description": "A username that belongs to an account requires that account's session (403 otherwise; the account's user handle is never given to anyone else). authenticatorSelection, attestation and extensions are echoed as given, except that authenticatorSelection.userVerification is raised to the server's policy when lower (and stated when the policy is required); attestation defaults to none.",
        "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/RegistrationOptionsRequest"}}}},
        "responses": {
          "200": {"description": "Creation options", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/RegistrationOptions"}}}},
          "400": {"$ref": "#/components/responses/Failure"}, "403": {"$ref": "#/components/responses/Failure"},
          "413": {"$ref": "#/components/responses/Failure"}, "429": {"$ref": "#/components/responses/Failure"}
        }
      }
    },
    "/attestation/result": {
      "post": {
        "summary": "Finish a registration",
        "description": "The ceremony is found by clientDataJSON.challenge; each challenge can be finished once. Signs the user in (session in the body and an HttpOnly cookie).",
        "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/RegistrationResponseJSON"}}}},
        "responses": {
          "200": {"description": "Registered and signed in", "headers": {"Set-Cookie": {"schema": {"type": "string"}}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/RegistrationResult"}}}},
          "400": {"$ref": "#/components/responses/Failure"}, "403": {"$ref": "#/components/responses/Failure"}, "413": {"$ref": "#/components/responses/Failure"},
          "415": {"$ref": "#/components/responses/Failure"}, "429": {"$ref": "#/components/responses/Failure"}
        }
      }
    },
    "/assertion/options": {
      "post": {
        "summary": "Begin a sign-in",
        "description": "An empty or absent username begins a discoverable (usernameless) sign-in. An unknown username is answered exactly like a known one (200, with stand-in allowCredentials that are stable per username), so this endpoint does not reveal who has an account. userVerification is the server's policy (serve --user-verification, default preferred) raised, never lowered, by the request; extensions are echoed.",
        "requestBody": {"required": false, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/AuthenticationOptionsRequest"}}}},
        "responses": {
          "200": {"description": "Request options", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/AuthenticationOptions"}}}},
          "400": {"$ref": "#/components/responses/Failure"}, "413": {"$ref": "#/components/responses/Failure"}, "429": {"$ref": "#/components/responses/Failure"}
        }
      }
    },
    "/assertion/result": {
      "post": {
        "summary": "Finish a sign-in",
        "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/AuthenticationResponseJSON"}}}},
        "responses": {
          "200": {"description": "Signed in", "headers": {"Set-Cookie": {"schema": {"type": "string"}}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/AuthenticationResult"}}}},
          "400": {"$ref": "#/components/responses/Failure"}, "403": {"$ref": "#/components/responses/Failure"},
          "409": {"description": "signInConflict: the passkey signed in again with the same or a higher counter, or was removed, at the same moment; no session was started", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Failure"}}}},
          "413": {"$ref": "#/components/responses/Failure"}, "415": {"$ref": "#/components/responses/Failure"}, "429": {"$ref": "#/components/responses/Failure"}
        }
      }
    },
    "/session": {
      "get": {
        "summary": "The signed-in user", "security": [{"bearer": []}, {"cookie": []}],
        "responses": {"200": {"description": "The user", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/SessionResult"}}}}, "401": {"$ref": "#/components/responses/Failure"}}
      },
      "delete": {
        "summary": "Sign out", "security": [{"bearer": []}, {"cookie": []}],
        "responses": {"200": {"description": "Signed out (also when there was no session)", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Status"}}}}}
      }
    },
    "/credentials": {
      "get": {
        "summary": "The signed-in user's passkeys", "security": [{"bearer": []}, {"cookie": []}],
        "responses": {"200": {"description": "Passkeys", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/CredentialList"}}}}, "401": {"$ref": "#/components/responses/Failure"}}
      }
    },
    "/credentials/{id}": {
      "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}, "description": "The credential ID, base64url"}],
      "patch": {
        "summary": "Rename a passkey", "security": [{"bearer": []}, {"cookie": []}],
        "requestBody": {"required": true, "content": {"application/json": {"schema": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string", "minLength": 1, "maxLength": 64}}}}}},
        "responses": {
          "200": {"description": "Renamed", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/CredentialResult"}}}},
          "400": {"$ref": "#/components/responses/Failure"}, "401": {"$ref": "#/components/responses/Failure"}, "404": {"$ref": "#/components/responses/Failure"}
        }
      },
      "delete": {
        "summary": "Remove a passkey from the signed-in account", "security": [{"bearer": []}, {"cookie": []}],
        "description": "Also ends every session the passkey started, except the session making this request.",
        "responses": {
          "200": {"description": "Removed", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Status"}}}},
          "401": {"$ref": "#/components/responses/Failure"}, "403": {"$ref": "#/components/responses/Failure"}, "404": {"$ref": "#/components/responses/Failure"},
          "409": {"description": "lastPasskey: the account's only passkey is removed only with the account (DELETE /account)", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Failure"}}}}
        }
      }
    },
    "/sessions": {
      "delete": {
        "summary": "Sign out everywhere else", "security": [{"bearer": []}, {"cookie": []}],
        "description": "Ends every session of the signed-in account except the one making this request (for a user who suspects a session was stolen).",
        "responses": {"200": {"description": "Other sessions ended", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Status"}}}}, "401": {"$ref": "#/components/responses/Failure"}, "403": {"$ref": "#/components/responses/Failure"}}
      }
    },
    "/account": {
      "delete": {
        "summary": "Delete the signed-in account", "security": [{"bearer": []}, {"cookie": []}],
        "description": "Removes the account, all its passkeys, sessions and pending ceremonies, and clears the session cookie. The username becomes free for a new account with a new user handle.",
        "responses": {
          "200": {"description": "Deleted", "headers": {"Set-Cookie": {"schema": {"type": "string"}}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Status"}}}},
          "401": {"$ref": "#/components/responses/Failure"}, "403": {"$ref": "#/components/responses/Failure"}
        }
      }
    },
    "/.well-known/apple-app-site-association": {
      "get": {"summary": "Associated domains for iOS apps (webcredentials)", "responses": {"200": {"description": "AASA", "content": {"application/json": {"schema": {"type": "object", "required": ["webcredentials"], "properties": {"webcredentials": {"type": "object", "properties": {"apps": {"type": "array", "items": {"type": "string"}}}}}}}}}}}
    },
    "/.well-known/assetlinks.json": {
      "get": {"summary": "Digital Asset Links for Android apps", "responses": {"200": {"description": "Asset links", "content": {"application/json": {"schema": {"type": "array", "items": {"type": "object"}}}}}}}
    },
    "/healthz": {"get": {"summary": "Liveness: the process answers (cheap; does not touch the database)", "responses": {"200": {"description": "Alive", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Status"}}}}}}},
    "/readyz": {"get": {"summary": "Readiness: the database answers within 2 s and its schema is this build's", "responses": {
      "200": {"description": "Ready", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Status"}}}},
      "503": {"description": "Not ready (code storeUnavailable, with Retry-After)", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Failure"}}}}}}},
    "/metrics": {"get": {"summary": "Prometheus metrics (served on --metrics-address instead, when given)", "responses": {"200": {"description": "Prometheus text exposition", "content": {"text/plain": {"schema": {"type": "string"}}}}}}},
    "/openapi.json": {"get": {"summary": "This document", "responses": {"200": {"description": "OpenAPI 3.1", "content": {"application/json": {"schema": {"type": "object"}}}}}}},
    "/": {"get": {"summary": "The web page to try passkeys", "responses": {"200": {"description": "HTML", "content": {"text/html": {"schema": {"type": "string"}}}}}}},
    "/app.js": {"get": {"summary": "The page's script", "responses": {"200": {"description": "JavaScript", "content": {"text/javascript": {"schema": {"type": "string"}}}}}}},
    "/app.css": {"get": {"summary": "The page's style sheet", "responses": {"200": {"description": "CSS", "content": {"text/css": {"schema": {"type": "string"}}}}}}}
  },
  "components": {
    "securitySchemes": {
      "bearer": {"type": "http", "scheme": "bearer", "description": "The session value returned by /attestation/result or /assertion/result"},
      "cookie": {"type": "apiKey", "in": "cookie", "name": "passkeys_session", "description": "HttpOnly, SameSite=Lax; named __Host-passkeys_session and Secure when the relying party's origins are https"}
    },
    "responses": {
      "Failure": {"description": "Refused: status is 'failed' and errorMessage says why in plain words; code is a stable camelCase code (the verification error code when verification failed)", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Failure"}}}}
    },
    "schemas": {
      "Status": {"type": "object", "required": ["status", "errorMessage"], "properties": {"status": {"type": "string", "enum": ["ok", "failed"]}, "errorMessage": {"type": "string"}}},
      "Failure": {"allOf": [{"$ref": "#/components/schemas/Status"}, {"type": "object", "properties": {"code": {"type": "string"}, "credentialId": {"type": "string", "description": "Only with code unknownCredential from POST /assertion/result: the credential ID (base64url) the request itself carried, echoed so the client can tell its platform to drop the passkey (signalUnknownCredential, ASCredentialUpdater). It is never read from the server's records, so it reveals nothing the sender did not send."}}}]},
      "User": {"type": "object", "required": ["id", "name", "displayName"], "properties": {"id": {"type": "string", "description": "The user handle (WebAuthn user.id), base64url: the userId of signalAllAcceptedCredentials and signalCurrentUserDetails. Given only to the user's own session."}, "name": {"type": "string"}, "displayName": {"type": "string"}}},
      "CredentialDescriptor": {"type": "object", "required": ["type", "id"], "properties": {"type": {"const": "public-key"}, "id": {"type": "string"}, "transports": {"type": "array", "items": {"type": "string"}}}},
      "Credential": {"type": "object", "required": ["id", "name", "createdAt", "lastUsedAt", "aaguid", "format", "backupEligible", "backupState", "transports"], "properties": {
        "id": {"type": "string"}, "name": {"type": "string"}, "createdAt": {"type": "string", "format": "date-time"}, "lastUsedAt": {"type": ["string", "null"], "format": "date-time"},
        "aaguid": {"type": "string"}, "authenticatorName": {"type": ["string", "null"], "description": "The provider's name (provider.name), kept for older clients."}, "format": {"type": "string"}, "backupEligible": {"type": "boolean"}, "backupState": {"type": "boolean"},
        "transports": {"type": "array", "items": {"type": "string"}},
        "provider": {"oneOf": [{"type": "null"}, {"$ref": "#/components/schemas/Provider"}], "description": "Who holds the passkey by its AAGUID (FIDO metadata, or the built-in list of passkey providers), whatever the user named it; null when unknown. The name follows Accept-Language where metadata gives localized names."}}},
      "Provider": {"type": "object", "required": ["name", "source"], "properties": {
        "name": {"type": "string"}, "source": {"type": "string", "enum": ["metadata", "builtIn"]},
        "icon": {"type": "string", "pattern": "^data:image/(png|jpeg|webp|svg\\+xml);base64,", "description": "For light backgrounds: a data: URL checked for type, content and size (at most 32 KiB decoded)."},
        "iconDark": {"type": "string", "pattern": "^data:image/(png|jpeg|webp|svg\\+xml);base64,", "description": "For dark backgrounds; as icon."}}},
      "RegistrationOptionsRequest": {"type": "object", "required": ["username"], "properties": {
        "username": {"type": "string", "minLength": 1, "maxLength": 64}, "displayName": {"type": "string", "maxLength": 64},
        "authenticatorSelection": {"type": "object"}, "attestation": {"type": "string", "enum": ["none", "indirect", "direct", "enterprise"]}, "extensions": {"type": "object"}}},
      "RegistrationOptions": {"allOf": [{"$ref": "#/components/schemas/Status"}, {"type": "object", "required": ["rp", "user", "challenge", "pubKeyCredParams", "timeout", "excludeCredentials", "attestation"], "properties": {
        "rp": {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}, "id": {"type": "string"}}},
        "user": {"$ref": "#/components/schemas/User"}, "challenge": {"type": "string"},
        "pubKeyCredParams": {"type": "array", "items": {"type": "object", "required": ["type", "alg"], "properties": {"type": {"const": "public-key"}, "alg": {"type": "integer", "description": "A COSE algorithm identifier, most preferred first; by default -7 (ES256), -8 (EdDSA), -257 (RS256), -37 (PS256), -49 (ML-DSA-65), -50 (ML-DSA-87), or what the operator chose with --algorithm"}}}},
        "timeout": {"type": "integer"}, "excludeCredentials": {"type": "array", "items": {"$ref": "#/components/schemas/CredentialDescriptor"}},
        "authenticatorSelection": {"type": "object"}, "attestation": {"type": "string"}, "extensions": {"type": "object"}}}]},
      "AuthenticationOptionsRequest": {"type": "object", "properties": {"username": {"type": "string"}, "userVerification": {"type": "string", "enum": ["required", "preferred", "discouraged"]}, "extensions": {"type": "object"}}},
      "AuthenticationOptions": {"allOf": [{"$ref": "#/components/schemas/Status"}, {"type": "object", "required": ["challenge", "timeout", "rpId", "allowCredentials", "userVerification"], "properties": {
        "challenge": {"type": "string"}, "timeout": {"type": "integer"}, "rpId": {"type": "string"},
        "allowCredentials": {"type": "array", "items": {"$ref": "#/components/schemas/CredentialDescriptor"}}, "userVerification": {"type": "string"}, "extensions": {"type": "object"}}}]},
      "RegistrationResponseJSON": {"type": "object", "required": ["id", "type", "response"], "properties": {
        "id": {"type": "string"}, "rawId": {"type": "string"}, "type": {"const": "public-key"}, "authenticatorAttachment": {"type": ["string", "null"]},
        "response": {"type": "object", "required": ["clientDataJSON", "attestationObject"], "properties": {"clientDataJSON": {"type": "string"}, "attestationObject": {"type": "string"}, "transports": {"type": "array", "items": {"type": "string"}}, "authenticatorData": {"type": "string"}, "publicKey": {"type": "string"}, "publicKeyAlgorithm": {"type": "integer"}}},
        "clientExtensionResults": {"type": "object"}, "getClientExtensionResults": {"type": "object"}}},
      "AuthenticationResponseJSON": {"type": "object", "required": ["id", "type", "response"], "properties": {
        "id": {"type": "string"}, "rawId": {"type": "string"}, "type": {"const": "public-key"}, "authenticatorAttachment": {"type": ["string", "null"]},
        "response": {"type": "object", "required": ["clientDataJSON", "authenticatorData", "signature"], "properties": {"clientDataJSON": {"type": "string"}, "authenticatorData": {"type": "string"}, "signature": {"type": "string"}, "userHandle": {"type": ["string", "null"]}}},
        "clientExtensionResults": {"type": "object"}, "getClientExtensionResults": {"type": "object"}}},
      "RegistrationResult": {"allOf": [{"$ref": "#/components/schemas/Status"}, {"type": "object", "required": ["session", "user", "credential"], "properties": {"session": {"type": "string"}, "user": {"$ref": "#/components/schemas/User"}, "credential": {"$ref": "#/components/schemas/Credential"}}}]},
      "AuthenticationResult": {"allOf": [{"$ref": "#/components/schemas/Status"}, {"type": "object", "required": ["session", "user"], "properties": {"session": {"type": "string"}, "user": {"$ref": "#/components/schemas/User"}}}]},
      "SessionResult": {"allOf": [{"$ref": "#/components/schemas/Status"}, {"type": "object", "required": ["user", "rpId"], "properties": {"user": {"$ref": "#/components/schemas/User"}, "rpId": {"type": "string", "description": "The relying party ID, as in every options answer: the rpId of the Signal API calls a signed-in page makes"}}}]},
      "CredentialList": {"allOf": [{"$ref": "#/components/schemas/Status"}, {"type": "object", "required": ["credentials"], "properties": {"credentials": {"type": "array", "items": {"$ref": "#/components/schemas/Credential"}}}}]},
      "CredentialResult": {"allOf": [{"$ref": "#/components/schemas/Status"}, {"type": "object", "required": ["credential"], "properties": {"credential": {"$ref": "#/components/schemas/Credential"}}}]}
    }
  }
}
"""#
}
