"""The OpenID Provider in headless Chromium: Authlib's OAuth2Session runs the code flow with PKCE S256 and a nonce while the
browser, holding a passkey in a WebDriver virtual authenticator, goes through `/authorize`: signing in on the page
itself, going straight back with an existing session, and confirming with the passkey again for prompt=login and
max_age=0 (a fresh ceremony, which auth_time shows).
PASSKEYS_BIN: the passkeys executable.
"""
import os
import secrets
import sys
import time
import uuid

import pytest
from authlib.integrations.requests_client import OAuth2Session
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "Browser"))
from test_page import new_browser, platform_authenticator, visible, wait  # noqa: E402

from oidc_support import Callback, create_client, start_server  # noqa: E402
from test_oidc import verify_id_token  # noqa: E402


@pytest.fixture(scope="module")
def server():
    yield from start_server()


@pytest.fixture(scope="module")
def callback():
    listener = Callback()
    yield listener
    listener.close()


@pytest.fixture(scope="module")
def client(server, callback):
    return create_client(server, callback.uri, name="wiki")


@pytest.fixture
def driver():
    browser = new_browser(platform_authenticator())
    yield browser
    browser.quit()


def start_flow(server, client, callback, **extra):
    oauth = OAuth2Session(
        client["clientId"], client["clientSecret"], scope="openid profile", redirect_uri=callback.uri, code_challenge_method="S256")
    verifier = secrets.token_urlsafe(48)
    nonce = "nonce-" + secrets.token_urlsafe(8)
    uri, _ = oauth.create_authorization_url(server["url"] + "/authorize", nonce=nonce, code_verifier=verifier, **extra)
    return oauth, uri, verifier, nonce


def finish_flow(server, client, oauth, browser, callback, verifier, nonce):
    wait(browser, lambda b: b.current_url.startswith(callback.uri))
    token = oauth.fetch_token(server["url"] + "/token", authorization_response=browser.current_url, code_verifier=verifier)
    return token, verify_id_token(server, token["id_token"], client["clientId"], nonce, token["access_token"])


def sign_up(browser, server):
    username = f"oidc-{uuid.uuid4().hex[:8]}"
    browser.get(server["url"] + "/?autofill=off")
    visible(browser, "signed-out")
    browser.find_element(By.ID, "register-username").send_keys(username)
    browser.find_element(By.ID, "register-button").click()
    visible(browser, "codes-card")
    browser.find_element(By.ID, "codes-done").click()
    visible(browser, "signed-in")
    return username


def test_sign_in_on_authorize_then_straight_back_with_the_session(driver, server, client, callback):
    username = sign_up(driver, server)
    driver.find_element(By.ID, "signout-button").click()
    visible(driver, "signed-out")

    # No session: /authorize sends the browser to the page, which signs in with the passkey and goes back.
    oauth, uri, verifier, nonce = start_flow(server, client, callback)
    driver.get(uri)
    # Passkey autofill signs in at once with a virtual authenticator (it answers the conditional request without
    # waiting for a pick); where the browser offers no autofill, the page's passkey button does.
    try:
        wait(driver, lambda b: b.current_url.startswith(callback.uri), timeout=5)
    except TimeoutException:
        visible(driver, "authorize-note")
        driver.find_element(By.ID, "passkey-button").click()
    token, claims = finish_flow(server, client, oauth, driver, callback, verifier, nonce)
    info = oauth.get(server["url"] + "/userinfo", timeout=10).json()
    assert info["sub"] == claims["sub"] and info["preferred_username"] == username
    renewed = oauth.refresh_token(server["url"] + "/token")
    assert renewed["refresh_token"] != token["refresh_token"]
    refused = oauth.post(server["url"] + "/token", data={"grant_type": "refresh_token", "refresh_token": token["refresh_token"]},
                         auth=(client["clientId"], client["clientSecret"]), timeout=10)
    assert refused.status_code == 400 and refused.json()["error"] == "invalid_grant"

    # With the session: straight back, no page in between.
    oauth, uri, verifier, nonce = start_flow(server, client, callback)
    driver.get(uri)
    _, again = finish_flow(server, client, oauth, driver, callback, verifier, nonce)
    assert again["sub"] == claims["sub"] and again["auth_time"] == claims["auth_time"]


@pytest.mark.parametrize("extra", [{"prompt": "login"}, {"max_age": "0"}], ids=["prompt-login", "max-age-0"])
def test_a_fresh_ceremony_is_required(driver, server, client, callback, extra):
    sign_up(driver, server)
    oauth, uri, verifier, nonce = start_flow(server, client, callback)
    driver.get(uri)
    _, first = finish_flow(server, client, oauth, driver, callback, verifier, nonce)
    time.sleep(1.1)  # auth_time is in whole seconds: the fresh ceremony must land in a later one.

    oauth, uri, verifier, nonce = start_flow(server, client, callback, **extra)
    driver.get(uri)
    visible(driver, "authorize-card")
    # No code until the passkey is used again.
    assert not driver.current_url.startswith(callback.uri)
    driver.find_element(By.ID, "authorize-continue").click()
    _, fresh = finish_flow(server, client, oauth, driver, callback, verifier, nonce)
    assert fresh["sub"] == first["sub"] and fresh["auth_time"] > first["auth_time"]


def test_a_sign_up_through_an_app_shows_the_recovery_codes_before_going_back(driver, server, client, callback):
    """A signed-out /authorize, an account made on the page: the ten recovery codes are shown (copy, download, print)
    and only the card's button goes on to the app, so no code is issued past codes nobody saw."""
    oauth, uri, verifier, nonce = start_flow(server, client, callback)
    driver.get(uri)
    visible(driver, "authorize-note")
    driver.find_element(By.ID, "register-username").send_keys(f"oidc-{uuid.uuid4().hex[:8]}")
    driver.find_element(By.ID, "register-button").click()
    visible(driver, "codes-card")
    for button in ("codes-copy", "codes-download", "codes-print"):
        assert driver.find_element(By.ID, button).is_displayed(), button
    codes = driver.find_element(By.ID, "codes-card").text
    assert codes.count("-") >= 10, codes
    time.sleep(1)
    assert not driver.current_url.startswith(callback.uri), "the app got a code before the codes were seen"
    driver.find_element(By.ID, "codes-done").click()
    _, claims = finish_flow(server, client, oauth, driver, callback, verifier, nonce)
    assert claims["sub"]
