"""A single-page app on a second origin signs in against `passkeys serve` and reads /session, with the
session cookie and CORS, in a real Chromium.

The origins: the server on http://localhost:P1 and the app on http://localhost:P2. A different port is a different
origin, so Chromium enforces CORS between them exactly as between https://app.example.com and
https://passkeys.example.com: every fetch is cross-origin, answers are readable only with Access-Control-Allow-Origin,
and credentials travel only with `credentials: "include"` and Access-Control-Allow-Credentials. The two are the same
site (ports do not count for sites), as sibling subdomains are, so the SameSite=Lax session cookie is sent: the
deployment docs/backend.md recommends. 127.0.0.1 would be another site, where WebAuthn for the RP ID localhost cannot
run at all and a Lax cookie is never sent cross-site; apps on other sites use bearer tokens (the session from the
result's body), which a second test here shows. A third origin, http://localhost:P3, not named with --cors-origin,
is refused: its script can read nothing.

PASSKEYS_BIN: the passkeys executable; this module starts its own server and two static app servers on free ports.
"""
import functools
import http.server
import os
import socket
import subprocess
import tempfile
import threading
import time
import urllib.request
import uuid

import pytest

from test_page import new_browser, platform_authenticator, shoot

BIN = os.environ.get("PASSKEYS_BIN")

# The app's page: its script is the test's, run with execute_async_script, so the page itself is only an origin.
APP_PAGE = b"<!doctype html><meta charset=utf-8><title>App</title><h1>An app on another origin</h1>"

# Sign-up through the server's API from the app's origin, as a SPA would: every fetch goes to API with the given
# credentials mode; with bearer=true the session from the body is sent as Authorization instead of the cookie.
FLOW = """
const [API, username, bearer, done] = arguments;
const b64u = {
  decode: s => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((s.length + 3) % 4)), c => c.charCodeAt(0)),
  encode: b => btoa(String.fromCharCode(...new Uint8Array(b))).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, ""),
};
let session = null;
async function call(method, path, body) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (bearer && session) headers["Authorization"] = "Bearer " + session;
  const answer = await fetch(API + path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: bearer ? "omit" : "include" });
  return { status: answer.status, body: await answer.json() };
}
(async () => {
  const options = await call("POST", "/attestation/options", { username, displayName: username });
  if (options.status !== 200) return done({ step: "options", options });
  const o = options.body;
  const credential = await navigator.credentials.create({ publicKey: {
    rp: o.rp, user: { ...o.user, id: b64u.decode(o.user.id) }, challenge: b64u.decode(o.challenge),
    pubKeyCredParams: o.pubKeyCredParams, authenticatorSelection: o.authenticatorSelection, attestation: o.attestation } });
  const r = credential.response;
  const result = await call("POST", "/attestation/result", {
    id: credential.id, rawId: b64u.encode(credential.rawId), type: credential.type,
    response: { clientDataJSON: b64u.encode(r.clientDataJSON), attestationObject: b64u.encode(r.attestationObject), transports: r.getTransports() },
    clientExtensionResults: credential.getClientExtensionResults() });
  if (result.status !== 200) return done({ step: "result", result });
  session = result.body.session;
  const me = await call("GET", "/session");
  const token = await call("POST", "/session/token", {});
  done({ me, token, origin: location.origin });
})().catch(error => done({ error: String(error) }));
"""

# A read from an origin the server did not list: the fetch itself must fail (the browser hides the answer).
READ = """
const [API, done] = arguments;
fetch(API + "/session", { credentials: "include" })
  .then(answer => done({ status: answer.status }))
  .catch(error => done({ blocked: String(error) }));
"""


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def static_site(port):
    """Serves APP_PAGE on 127.0.0.1:port (reached as http://localhost:port) from a thread."""
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(APP_PAGE)))
            self.end_headers()
            self.wfile.write(APP_PAGE)

        def log_message(self, *args):
            pass

    site = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
    threading.Thread(target=site.serve_forever, daemon=True).start()
    return site


@pytest.fixture(scope="module")
def origins():
    """{api, app, stranger}: the server with the app's origin listed, and two static sites."""
    if not BIN:
        pytest.skip("PASSKEYS_BIN is not set (scripts/test sets it)")
    api_port, app_port, stranger_port = free_port(), free_port(), free_port()
    api, app, stranger = (f"http://localhost:{port}" for port in (api_port, app_port, stranger_port))
    folder = tempfile.mkdtemp(prefix="passkeys-cors-")
    log = open(os.path.join(folder, "server.log"), "w")
    server = subprocess.Popen(
        [BIN, "serve", "--port", str(api_port), "--rp-id", "localhost", "--database", f"sqlite:{folder}/passkeys.sqlite",
         "--metadata-url", "off", "--origin", api, "--origin", app, "--cors-origin", app], stdout=log, stderr=subprocess.STDOUT)
    sites = [static_site(app_port), static_site(stranger_port)]
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(api + "/healthz", timeout=1)
                break
            except OSError:
                if server.poll() is not None:
                    pytest.fail("the server exited: " + open(log.name).read())
                time.sleep(0.1)
        yield {"api": api, "app": app, "stranger": stranger}
    finally:
        for site in sites:
            site.shutdown()
        server.terminate()
        server.wait(timeout=10)
        log.close()


def run_flow(origins, bearer):
    browser = new_browser(platform_authenticator())
    try:
        browser.get(origins["app"] + "/")
        browser.set_script_timeout(30)
        username = f"spa-{uuid.uuid4().hex[:8]}"
        outcome = browser.execute_async_script(FLOW, origins["api"], username, bearer)
        shoot(browser, "10-cross-origin-app")
        return username, outcome
    finally:
        browser.quit()


def test_an_app_on_a_listed_origin_signs_in_and_reads_the_session_with_the_cookie(origins):
    username, outcome = run_flow(origins, bearer=False)
    assert "error" not in outcome and "step" not in outcome, outcome
    assert outcome["origin"] == origins["app"] and outcome["origin"] != origins["api"]
    # GET /session carried the cookie set by the cross-origin sign-up (credentials: "include", same site).
    assert outcome["me"]["status"] == 200, outcome
    assert outcome["me"]["body"]["user"]["name"] == username
    assert outcome["token"]["status"] == 200 and outcome["token"]["body"]["token"].count(".") == 2, outcome


def test_an_app_without_cookies_uses_the_session_as_a_bearer_token(origins):
    username, outcome = run_flow(origins, bearer=True)
    assert "error" not in outcome and "step" not in outcome, outcome
    assert outcome["me"]["status"] == 200 and outcome["me"]["body"]["user"]["name"] == username, outcome


def test_an_origin_not_listed_reads_nothing(origins):
    browser = new_browser(platform_authenticator())
    try:
        browser.get(origins["stranger"] + "/")
        browser.set_script_timeout(30)
        outcome = browser.execute_async_script(READ, origins["api"])
        assert "blocked" in outcome, f"a page on {origins['stranger']} read the answer: {outcome}"
    finally:
        browser.quit()
