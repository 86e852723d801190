"""Session tokens verified by a library no one here wrote. PyJWT's PyJWKClient fetches the server's JWKS over
HTTP and picks the key by the token's kid, as a Python backend would; PyJWT checks the signature, issuer, audience
and expiry. Introspection (RFC 7662) is called with an API key made by `passkeys api-key create`.

PASSKEYS_BIN: the passkeys executable. The module starts its own `passkeys serve` on a free loopback port with a
2-second token lifetime (so an expired token can be shown refused after a short wait) and two audiences.
"""
import json
import os
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

import jwt
import pytest

BIN = os.environ.get("PASSKEYS_BIN")
AUDIENCE = "https://api.example.test"
LIFETIME = 2


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def server():
    """{url, database, folder} of a running `passkeys serve`; stopped after the module."""
    if not BIN:
        pytest.skip("PASSKEYS_BIN is not set (scripts/test sets it)")
    port = free_port()
    folder = tempfile.mkdtemp(prefix="passkeys-tokens-")
    url = f"http://localhost:{port}"
    database = f"sqlite:{folder}/passkeys.sqlite"
    log = open(os.path.join(folder, "server.log"), "w")
    process = subprocess.Popen(
        [BIN, "serve", "--port", str(port), "--rp-id", "localhost", "--database", database, "--metadata-url", "off",
         "--token-lifetime", str(LIFETIME), "--token-audience", AUDIENCE, "--token-audience", "reports"],
        stdout=log, stderr=subprocess.STDOUT)
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(url + "/healthz", timeout=1)
                break
            except OSError:
                if process.poll() is not None:
                    pytest.fail("the server exited: " + open(log.name).read())
                time.sleep(0.1)
        else:
            pytest.fail("the server did not start: " + open(log.name).read())
        yield {"url": url, "database": database, "folder": folder}
    finally:
        process.terminate()
        process.wait(timeout=10)
        log.close()


def call(method, url, body=None, headers=None):
    """(status, headers, parsed JSON body) of one request; error statuses are answers, not exceptions."""
    data = body if isinstance(body, (bytes, type(None))) else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.headers, json.loads(answer.read() or b"{}")
    except urllib.error.HTTPError as error:
        return error.code, error.headers, json.loads(error.read() or b"{}")


def register(server):
    """A new account made with the software authenticator (`passkeys register`); its session and user."""
    store = os.path.join(server["folder"], f"{uuid.uuid4().hex}.json")
    out = subprocess.run(
        [BIN, "register", "--server", server["url"], "--username", f"py-{uuid.uuid4().hex[:8]}", "--store", store],
        capture_output=True, text=True, check=True)
    result = json.loads(out.stdout)
    return result["session"], result["user"]


def token_for(server, session):
    status, headers, body = call(
        "POST", server["url"] + "/session/token", {}, {"Authorization": f"Bearer {session}", "Content-Type": "application/json"})
    assert status == 200, body
    assert headers["Cache-Control"] == "no-store"
    assert body["expiresIn"] == LIFETIME
    return body["token"]


def verify(server, token, audience=AUDIENCE):
    """What a Python backend does: the key from the JWKS by kid, then signature, issuer, audience and expiry."""
    keys = jwt.PyJWKClient(server["url"] + "/.well-known/jwks.json")
    key = keys.get_signing_key_from_jwt(token)
    return jwt.decode(
        token, key.key, algorithms=["ES256"], audience=audience, issuer=server["url"],
        options={"require": ["exp", "iat", "nbf", "iss", "aud", "sub", "jti"]})


def test_pyjwt_verifies_tokens_with_the_jwks(server):
    session, user = register(server)
    token = token_for(server, session)
    header = jwt.get_unverified_header(token)
    assert header["typ"] == "at+jwt" and header["alg"] == "ES256" and header["kid"]
    claims = verify(server, token)
    assert claims["sub"] == user["id"]
    assert claims["aud"] == [AUDIENCE, "reports"]
    assert claims["exp"] - claims["iat"] == LIFETIME
    assert claims["amr"] == ["hwk", "user", "mfa"]
    assert isinstance(claims["auth_time"], int) and isinstance(claims["verified_at"], int)
    assert claims["sid"] and session not in claims["sid"]
    # The other audience verifies too; a backend of another name refuses the token.
    verify(server, token, audience="reports")
    with pytest.raises(jwt.InvalidAudienceError):
        verify(server, token, audience="https://other.example.test")
    with pytest.raises(jwt.InvalidIssuerError):
        keys = jwt.PyJWKClient(server["url"] + "/.well-known/jwks.json")
        jwt.decode(token, keys.get_signing_key_from_jwt(token).key, algorithms=["ES256"], audience=AUDIENCE, issuer="https://evil.example")


def test_pyjwt_refuses_a_token_after_its_lifetime(server):
    session, _ = register(server)
    token = token_for(server, session)
    verify(server, token)
    time.sleep(LIFETIME + 1.1)
    with pytest.raises(jwt.ExpiredSignatureError):
        verify(server, token)


def test_pyjwt_refuses_a_tampered_token(server):
    session, _ = register(server)
    token = token_for(server, session)
    head, payload, signature = token.split(".")
    forged = jwt.utils.base64url_encode(json.dumps({**jwt.decode(token, options={"verify_signature": False}), "sub": "someone-else"}).encode())
    with pytest.raises(jwt.InvalidSignatureError):
        verify(server, f"{head}.{forged.decode()}.{signature}")


def test_discovery_names_the_jwks(server):
    status, headers, document = call("GET", server["url"] + "/.well-known/openid-configuration")
    assert status == 200 and document["issuer"] == server["url"]
    assert document["jwks_uri"] == server["url"] + "/.well-known/jwks.json"
    status, headers, jwks = call("GET", document["jwks_uri"])
    assert "max-age" in headers["Cache-Control"]
    # ES256 keys sign session tokens; the RS256 keys beside them sign only the OpenID Provider's ID tokens.
    es256 = [key for key in jwks["keys"] if key["alg"] == "ES256"]
    assert all(key["kty"] == "EC" and key["crv"] == "P-256" for key in es256)
    assert all(key["kty"] == "RSA" and key["alg"] == "RS256" for key in jwks["keys"] if key not in es256)
    assert len(es256) >= 2, "the signing key and its published successor"


def introspect(server, token, key):
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    return call("POST", server["url"] + "/introspect", urllib.parse.urlencode({"token": token}).encode(), headers)


def test_introspection_needs_a_key_and_follows_the_session(server):
    key = subprocess.run(
        [BIN, "api-key", "create", "--database", server["database"], "--name", "pytest backend"],
        capture_output=True, text=True, check=True).stdout.strip()
    assert key.startswith("psk_") and "\n" not in key, "the key alone on stdout"
    session, user = register(server)
    token = token_for(server, session)

    status, headers, body = introspect(server, token, None)
    assert status == 401 and headers["WWW-Authenticate"] == 'Bearer realm="passkeys"'
    status, _, body = introspect(server, token, key)
    assert status == 200 and body["active"] is True and body["sub"] == user["id"], body

    # Signing out ends the session: its unexpired token is inactive at once, and no new token is issued.
    status, _, _ = call("DELETE", server["url"] + "/session", None, {"Authorization": f"Bearer {session}"})
    assert status == 200
    status, _, body = introspect(server, token, key)
    assert status == 200 and body == {"active": False}
    status, _, _ = call(
        "POST", server["url"] + "/session/token", {}, {"Authorization": f"Bearer {session}", "Content-Type": "application/json"})
    assert status == 401

    listed = json.loads(subprocess.run(
        [BIN, "api-key", "list", "--database", server["database"]], capture_output=True, text=True, check=True).stdout)
    entry = next(k for k in listed["keys"] if k["name"] == "pytest backend")
    assert key not in json.dumps(listed) and entry["revokedAt"] is None
    subprocess.run([BIN, "api-key", "revoke", entry["id"], "--database", server["database"]], capture_output=True, check=True)
    status, headers, _ = introspect(server, token, key)
    assert status == 401 and 'error="invalid_token"' in headers["WWW-Authenticate"]
