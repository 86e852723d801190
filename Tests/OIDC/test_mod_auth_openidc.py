"""Apache's mod_auth_openidc (2.4.12 from Debian, an OpenID Certified relying party) in front of a page, with
`passkeys serve` as its OpenID Provider, in headless Chromium holding a passkey in a WebDriver virtual authenticator.

Run with the module's default settings, which send no PKCE, against a confidential client registered with
`--pkce optional`; and with `OIDCPKCEMethod S256` against a client with the default policy (PKCE required). Each time
the user signs in with a passkey on the provider's page, the protected page (a CGI script) sees the claims the module
passes on, and the module's logout URL ends the session at the provider.

Skipped with a message when Apache or the module is not installed (scripts/test installs both from Debian).
"""
import os
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

import pytest
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Browser"))
from test_page import new_browser, platform_authenticator, visible, wait  # noqa: E402

from oidc_support import create_client, free_port, request, start_server  # noqa: E402
from test_oidc_browser import sign_up  # noqa: E402

APACHE = shutil.which("apache2") or "/usr/sbin/apache2"
MODULES = "/usr/lib/apache2/modules"

# The protected page: every variable the module sets for the request, one per line.
CLAIMS_SCRIPT = """#!/usr/bin/env python3
import os
print("Content-Type: text/plain")
print()
for name in sorted(os.environ):
    if name.startswith("OIDC_") or name == "REMOTE_USER":
        print(f"{name}={os.environ[name]}")
"""


def apache_config(folder, port, provider, client, pkce):
    modules = ["mpm_prefork", "authn_core", "authz_core", "authz_user", "alias", "cgi", "auth_openidc"]
    lines = [f"LoadModule {name}_module {MODULES}/mod_{name}.so" for name in modules]
    if os.getuid() == 0:
        # Apache drops root for its workers; the folder is theirs to read.
        lines += ["User www-data", "Group www-data"]
    lines += [
        f'ServerRoot "{folder}"', f'DefaultRuntimeDir "{folder}"', f'PidFile "{folder}/httpd.pid"', f"Listen 127.0.0.1:{port}",
        "ServerName 127.0.0.1", f'ErrorLog "{folder}/error.log"', "LogLevel warn auth_openidc:info", f'DocumentRoot "{folder}"',
        f'ScriptAlias /protected/claims "{folder}/claims.py"',
        f"OIDCProviderMetadataURL {provider}/.well-known/openid-configuration",
        f"OIDCClientID {client['clientId']}", f"OIDCClientSecret {client['clientSecret']}",
        f"OIDCRedirectURI http://127.0.0.1:{port}/protected/redirect_uri",
        f"OIDCCryptoPassphrase {secrets.token_urlsafe(24)}", 'OIDCScope "openid profile"',
    ]
    if pkce:
        lines.append("OIDCPKCEMethod S256")
    # No .htaccess files are read anywhere.
    lines += ['<Directory "/">', "AllowOverride None", "</Directory>"]
    lines += ["<Location /protected>", "AuthType openid-connect", "Require valid-user", "</Location>"]
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def server():
    if not (os.path.exists(APACHE) and os.path.exists(f"{MODULES}/mod_auth_openidc.so")):
        pytest.skip("Apache or mod_auth_openidc is not installed (apt-get install apache2 libapache2-mod-auth-openidc)")
    yield from start_server()


def run_apache(provider, client, pkce, port):
    """Apache on loopback `port` with the module configured for `client`; (base URL, folder, process)."""
    # Under /tmp itself: Apache's workers (www-data when the tests run as root) must reach the folder, and the test
    # script's own temporary directory is private to its user.
    folder = tempfile.mkdtemp(prefix="passkeys-apache-", dir="/tmp")
    os.chmod(folder, 0o755)
    with open(os.path.join(folder, "claims.py"), "w") as script:
        script.write(CLAIMS_SCRIPT)
    os.chmod(os.path.join(folder, "claims.py"), 0o755)
    config = os.path.join(folder, "httpd.conf")
    with open(config, "w") as file:
        file.write(apache_config(folder, port, provider, client, pkce))
    output = open(os.path.join(folder, "apache.out"), "w")
    # A session of its own: Apache's parent signals its whole process group as it stops, which would end pytest too.
    process = subprocess.Popen([APACHE, "-f", config, "-DFOREGROUND"], stdout=output, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(base + "/", timeout=1)
            break
        except urllib.error.HTTPError:
            break
        except OSError:
            time.sleep(0.1)
    return base, folder, process


def stop_apache(folder, process):
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def driver():
    browser = new_browser(platform_authenticator())
    yield browser
    browser.quit()


@pytest.mark.parametrize("pkce", [False, True], ids=["module-defaults-pkce-optional-client", "OIDCPKCEMethod-S256-default-client"])
def test_mod_auth_openidc_signs_in_with_a_passkey_and_logs_out(server, driver, pkce):
    flags = [] if pkce else ["--pkce", "optional"]
    port = free_port()
    # Any port of the loopback address matches a registered loopback redirect URI (RFC 8252 §7.3); post-logout
    # redirect URIs are compared exactly.
    client = create_client(
        server, "http://127.0.0.1/protected/redirect_uri", *flags, "--post-logout-redirect-uri", f"http://127.0.0.1:{port}/",
        name="apache")
    base, folder, process = run_apache(server["url"], client, pkce, port)
    try:
        username = sign_up(driver, server)
        driver.find_element(By.ID, "signout-button").click()
        visible(driver, "signed-out")

        # The module sends the browser to /authorize; the page signs in with the passkey and goes back.
        driver.get(base + "/protected/claims")
        try:
            wait(driver, lambda b: b.current_url.startswith(base + "/protected/claims"), timeout=5)
        except TimeoutException:
            visible(driver, "authorize-note")
            driver.find_element(By.ID, "passkey-button").click()
        wait(driver, lambda b: b.current_url.startswith(base + "/protected/claims"))
        text = driver.find_element(By.TAG_NAME, "body").text
        claims = dict(line.split("=", 1) for line in text.splitlines() if "=" in line)
        assert claims.get("OIDC_CLAIM_preferred_username") == username, text
        assert claims.get("OIDC_CLAIM_iss") == server["url"] and claims.get("REMOTE_USER"), text

        # The module's logout: RP-initiated logout at the provider ends the passkey session there too.
        driver.get(base + "/protected/redirect_uri?logout=" + urllib.parse.quote(base + "/", safe=""))
        wait(driver, lambda b: b.current_url.startswith(base + "/"))
        driver.get(server["url"] + "/?autofill=off")
        visible(driver, "signed-out")
    except Exception:
        for name in ("apache.out", "error.log"):
            if os.path.exists(os.path.join(folder, name)):
                with open(os.path.join(folder, name)) as log:
                    print(f"--- {name}", log.read()[-4000:])
        raise
    finally:
        stop_apache(folder, process)
