"""Chromium's WebDriver virtual authenticators with attestation "direct", as app teams' end-to-end suites
drive them. `ctap1/u2f` over usb answers with fido-u2f attestation and `ctap2` over usb with packed attestation, both
with a self-signed batch certificate ("CN=Batch Certificate, O=Chromium"). Against `passkeys serve` with default
flags they register (basic attestation, not trusted) and sign in; against a server started with
--require-trusted-attestation the same registrations are refused with untrustedAttestation.

PASSKEYS_URL: the default server scripts/test starts. PASSKEYS_BIN: the passkeys executable, for the strict server
this module starts itself on a free loopback port.
"""
import os
import socket
import subprocess
import tempfile
import time
import urllib.request
import uuid

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.virtual_authenticator import VirtualAuthenticatorOptions

import metadata_blob
from test_page import URL, new_browser, platform_authenticator, shoot, visible, wait

BIN = os.environ.get("PASSKEYS_BIN")

# Runs one ceremony in the page through the conformance API, as an app's own JavaScript would: options from the
# server, navigator.credentials, the L3 JSON back to the server. Answers {status, body} of each request.
CEREMONY = """
const [kind, request, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
const b64u = {
  decode: s => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((s.length + 3) % 4)), c => c.charCodeAt(0)),
  encode: b => btoa(String.fromCharCode(...new Uint8Array(b))).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, ""),
};
async function post(path, body) {
  const answer = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  return { status: answer.status, body: await answer.json() };
}
(async () => {
  const descriptors = list => (list || []).map(c => ({ ...c, id: b64u.decode(c.id) }));
  if (kind === "create") {
    const options = await post("/attestation/options", request);
    if (options.status !== 200) return done({ options });
    const o = options.body;
    const credential = await navigator.credentials.create({ publicKey: {
      rp: o.rp, user: { ...o.user, id: b64u.decode(o.user.id) }, challenge: b64u.decode(o.challenge),
      pubKeyCredParams: o.pubKeyCredParams, timeout: o.timeout, excludeCredentials: descriptors(o.excludeCredentials),
      authenticatorSelection: o.authenticatorSelection, attestation: o.attestation } });
    const r = credential.response;
    const result = await post("/attestation/result", {
      id: credential.id, rawId: b64u.encode(credential.rawId), type: credential.type,
      response: { clientDataJSON: b64u.encode(r.clientDataJSON), attestationObject: b64u.encode(r.attestationObject), transports: r.getTransports() },
      clientExtensionResults: credential.getClientExtensionResults() });
    return done({ options, result });
  }
  const options = await post("/assertion/options", request);
  const o = options.body;
  const credential = await navigator.credentials.get({ publicKey: {
    challenge: b64u.decode(o.challenge), rpId: o.rpId, timeout: o.timeout, allowCredentials: descriptors(o.allowCredentials),
    userVerification: o.userVerification } });
  const r = credential.response;
  const result = await post("/assertion/result", {
    id: credential.id, rawId: b64u.encode(credential.rawId), type: credential.type,
    response: { clientDataJSON: b64u.encode(r.clientDataJSON), authenticatorData: b64u.encode(r.authenticatorData),
      signature: b64u.encode(r.signature), userHandle: r.userHandle ? b64u.encode(r.userHandle) : null },
    clientExtensionResults: credential.getClientExtensionResults() });
  done({ options, result });
})().catch(error => done({ error: String(error) }));
"""

# (protocol, the attestation format Chromium answers with)
AUTHENTICATORS = [
    (VirtualAuthenticatorOptions.Protocol.U2F, "fido-u2f"),
    (VirtualAuthenticatorOptions.Protocol.CTAP2, "packed"),
]


def usb_authenticator(protocol):
    options = VirtualAuthenticatorOptions()
    options.protocol = protocol
    options.transport = VirtualAuthenticatorOptions.Transport.USB
    options.has_resident_key = False
    options.has_user_verification = protocol == VirtualAuthenticatorOptions.Protocol.CTAP2
    options.is_user_verified = True
    options.is_user_consenting = True
    return options


def register_direct(browser, url, username):
    browser.get(url + "/?autofill=off")
    visible(browser, "signed-out")
    browser.set_script_timeout(30)
    return browser.execute_async_script(CEREMONY, "create", {
        "username": username, "displayName": username, "attestation": "direct",
        "authenticatorSelection": {"residentKey": "discouraged", "userVerification": "discouraged"}})


@pytest.mark.parametrize("protocol,fmt", AUTHENTICATORS, ids=["ctap1-u2f-usb", "ctap2-usb"])
def test_direct_attestation_registers_and_signs_in(protocol, fmt):
    browser = new_browser(usb_authenticator(protocol))
    try:
        username = f"direct-{uuid.uuid4().hex[:8]}"
        outcome = register_direct(browser, URL, username)
        assert "error" not in outcome, outcome
        assert outcome["options"]["body"]["attestation"] == "direct"
        result = outcome["result"]
        assert result["status"] == 200, result
        assert result["body"]["credential"]["format"] == fmt, result
        signed_in = browser.execute_async_script(CEREMONY, "get", {"username": username})
        assert "error" not in signed_in, signed_in
        assert signed_in["result"]["status"] == 200, signed_in
        assert signed_in["result"]["body"]["user"]["name"] == username
        shoot(browser, f"7-direct-{fmt}")
    finally:
        browser.quit()


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(*flags):
    """`passkeys serve FLAGS` on a free loopback port with its own database; yields its URL, stops it after."""
    if not BIN:
        pytest.skip("PASSKEYS_BIN is not set (scripts/test sets it)")
    port = free_port()
    folder = tempfile.mkdtemp(prefix="passkeys-browser-server-")
    log = open(os.path.join(folder, "server.log"), "w")
    server = subprocess.Popen(
        [BIN, "serve", "--port", str(port), "--rp-id", "localhost", "--database", f"sqlite:{folder}/passkeys.sqlite",
         *[flag(folder) if callable(flag) else flag for flag in flags]], stdout=log, stderr=subprocess.STDOUT)
    url = f"http://localhost:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(url + "/healthz", timeout=1)
                break
            except OSError:
                if server.poll() is not None:
                    break
                time.sleep(0.1)
        else:
            pytest.fail("the server did not start: " + open(log.name).read())
        if server.poll() is not None:
            pytest.fail("the server exited: " + open(log.name).read())
        yield url
    finally:
        server.terminate()
        server.wait(timeout=10)
        log.close()


@pytest.fixture(scope="module")
def strict_server():
    yield from start_server("--require-trusted-attestation", "--metadata-url", "off")


@pytest.mark.parametrize("protocol,fmt", AUTHENTICATORS, ids=["ctap1-u2f-usb", "ctap2-usb"])
def test_direct_attestation_refused_when_trust_is_required(strict_server, protocol, fmt):
    browser = new_browser(usb_authenticator(protocol))
    try:
        outcome = register_direct(browser, strict_server, f"strict-{uuid.uuid4().hex[:8]}")
        assert "error" not in outcome, outcome
        result = outcome["result"]
        assert result["status"] == 400, result
        assert result["body"]["code"] == "untrustedAttestation", result
        assert "self-signed" in result["body"]["errorMessage"], result
    finally:
        browser.quit()


@pytest.fixture(scope="module")
def metadata_server(tmp_path_factory):
    """A server with a FIDO metadata BLOB that lists Chromium's CTAP2 virtual authenticator by name and icons."""
    blob, root = metadata_blob.write(str(tmp_path_factory.mktemp("metadata")))
    yield from start_server("--metadata", blob, "--metadata-root", root)


def test_page_shows_the_provider_from_metadata(metadata_server):
    """The passkey list names who holds each passkey, with its icon for light and dark backgrounds, apart from the
    passkey's own name (which the user may change)."""
    browser = new_browser(platform_authenticator())
    try:
        browser.get(metadata_server + "/?autofill=off")
        visible(browser, "signed-out")
        browser.find_element(By.ID, "register-username").send_keys(f"provider-{uuid.uuid4().hex[:8]}")
        browser.find_element(By.ID, "register-button").click()
        visible(browser, "signed-in")
        line = wait(browser, lambda b: [e for e in b.find_elements(By.CSS_SELECTOR, "#passkey-list .passkey-provider") if e.is_displayed()])[0]
        assert line.find_element(By.CSS_SELECTOR, ".provider-name").text == "Chromium test authenticator"
        icon = line.find_element(By.CSS_SELECTOR, ".provider-icon")
        assert icon.get_attribute("src").startswith("data:image/svg+xml;base64,")
        assert browser.execute_script("return arguments[0].naturalWidth > 0", icon), "the icon loads under the page's CSP"
        light = browser.execute_script("return arguments[0].currentSrc", icon)
        shoot(browser, "8-provider-light")
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        wait(browser, lambda b: b.execute_script("return arguments[0].currentSrc", icon) != light)
        shoot(browser, "9-provider-dark")
    finally:
        browser.quit()


def test_direct_attestation_refused_for_a_model_metadata_lists(metadata_server):
    """Metadata lists the CTAP2 virtual authenticator's AAGUID with another root: its self-signed batch certificate
    claims a model whose chain it does not have, and is refused even without --require-trusted-attestation."""
    browser = new_browser(usb_authenticator(VirtualAuthenticatorOptions.Protocol.CTAP2))
    try:
        outcome = register_direct(browser, metadata_server, f"claimed-{uuid.uuid4().hex[:8]}")
        assert "error" not in outcome, outcome
        assert outcome["result"]["status"] == 400, outcome
        assert outcome["result"]["body"]["code"] == "untrustedAttestation", outcome
    finally:
        browser.quit()
