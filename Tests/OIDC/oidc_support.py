"""What the OpenID Provider tests share: a running `passkeys serve`, clients made with `passkeys oidc-client create`,
accounts made with the software authenticator (`passkeys register`), a callback listener on loopback, and raw HTTP
that does not follow redirects (so a test sees where the provider sends the browser)."""
import base64
import hashlib
import http.server
import json
import os
import secrets
import socket
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

import pytest

BIN = os.environ.get("PASSKEYS_BIN")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(*flags):
    """{url, database, folder} of a `passkeys serve FLAGS` on a free loopback port; stopped after."""
    if not BIN:
        pytest.skip("PASSKEYS_BIN is not set (scripts/test sets it)")
    port = free_port()
    folder = tempfile.mkdtemp(prefix="passkeys-oidc-")
    url = f"http://localhost:{port}"
    database = f"sqlite:{folder}/passkeys.sqlite"
    log = open(os.path.join(folder, "server.log"), "w")
    process = subprocess.Popen(
        [BIN, "serve", "--port", str(port), "--rp-id", "localhost", "--database", database, "--metadata-url", "off", *flags],
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


class Callback:
    """An app's redirect URI on loopback: records the query of every request and answers 200."""

    def __init__(self):
        self.queries = []
        owner = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                owner.queries.append(dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(self.path).query)))
                body = b"<!doctype html><title>callback</title><p id=done>done</p>"
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.uri = f"http://127.0.0.1:{self.server.server_address[1]}/callback"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()


def create_client(server, redirect_uri, *flags, name="app"):
    out = subprocess.run(
        [BIN, "oidc-client", "create", "--database", server["database"], "--name", name, "--redirect-uri", redirect_uri, *flags],
        capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def register(server):
    """A new account made with the software authenticator; (session, user)."""
    store = os.path.join(server["folder"], f"{uuid.uuid4().hex}.json")
    out = subprocess.run(
        [BIN, "register", "--server", server["url"], "--username", f"oidc-{uuid.uuid4().hex[:8]}", "--store", store],
        capture_output=True, text=True, check=True)
    result = json.loads(out.stdout)
    return result["session"], result["user"]


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


OPENER = urllib.request.build_opener(NoRedirect)


def request(method, url, body=None, headers=None):
    """(status, headers, body text) without following redirects."""
    data = body.encode() if isinstance(body, str) else body
    req = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    try:
        with OPENER.open(req, timeout=10) as answer:
            return answer.status, answer.headers, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read().decode()


def pkce():
    """(verifier, S256 challenge) as RFC 7636 §4.1-4.2 make them."""
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    return verifier, challenge


def authorize_url(server, client_id, redirect_uri, challenge, **more):
    parameters = {"client_id": client_id, "redirect_uri": redirect_uri, "response_type": "code", "scope": "openid profile",
                  "state": "st-" + secrets.token_urlsafe(8), "nonce": "n-" + secrets.token_urlsafe(8), "code_challenge": challenge,
                  "code_challenge_method": "S256"}
    parameters.update(more)
    parameters = {name: value for name, value in parameters.items() if value is not None}
    return server["url"] + "/authorize?" + urllib.parse.urlencode(parameters), parameters


def redirected_query(headers):
    location = headers["Location"]
    return location, dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(location).query))


def token_request(server, form, client=None):
    """POST /token with `form`; `client` (id, secret) authenticates with HTTP Basic. (status, headers, JSON)."""
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    if client:
        pair = urllib.parse.quote(client[0], safe="") + ":" + urllib.parse.quote(client[1], safe="")
        headers["Authorization"] = "Basic " + base64.b64encode(pair.encode()).decode()
    status, answer_headers, text = request("POST", server["url"] + "/token", urllib.parse.urlencode(form), headers)
    return status, answer_headers, json.loads(text or "{}")
