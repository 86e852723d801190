"""States that confused a new user. The page opened at 127.0.0.1 says where to go; sign-out leaves nothing
of the account; the passkey made on this browser is marked and default names stay distinct after recoveries; the
recovery codes can be copied and downloaded; a long name wraps inside its card; a step-up the device could not
complete is explained, and the request to confirm goes when the action is done.

PASSKEYS_URL: the server scripts/test starts (RP ID localhost). PASSKEYS_BIN: for servers started here.
"""
import glob
import json
import os
import tempfile
import time
import urllib.parse
import urllib.request
import uuid

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from test_accessibility import PHONE, register, view
from test_attestation import start_server
from test_page import URL, message, new_browser, platform_authenticator, shoot, visible, wait

WINDOW = 2


@pytest.fixture
def driver():
    browser = new_browser(platform_authenticator())
    yield browser
    browser.quit()


def passkeys(browser):
    return browser.find_elements(By.CSS_SELECTOR, "#passkey-list .passkey")


# The list is drawn again whenever the page refreshes the account (after sign-in, after each change), so elements
# found a moment ago may be gone: names are read in one script run, atomically, never element by element.
NAMES = "return Array.from(document.querySelectorAll('#passkey-list .passkey .passkey-name'), e => e.innerText.trim())"
MARKED = """return Array.from(document.querySelectorAll('#passkey-list .passkey'))
  .filter(p => { const m = p.querySelector('.this-browser'); return m !== null && m.getClientRects().length > 0; })
  .map(p => p.querySelector('.passkey-name').innerText.trim())"""


def names(browser):
    return browser.execute_script(NAMES)


def marked(browser):
    """The names of the passkeys marked as made on this browser."""
    return browser.execute_script(MARKED)


def click_remove(browser, name):
    """Clicks Remove on the passkey called `name`, finding it again if the list was redrawn meanwhile."""
    for _ in range(20):
        try:
            item = next(item for item in passkeys(browser) if item.find_element(By.CSS_SELECTOR, ".passkey-name").text == name)
            item.find_element(By.CSS_SELECTOR, ".remove").click()
            return
        except (StaleElementReferenceException, StopIteration):
            time.sleep(0.1)
    raise AssertionError(f"no passkey named {name!r} to remove: {names(browser)}")


def test_the_page_at_127_0_0_1_links_to_localhost(driver):
    """The server is configured for http://localhost:PORT; the same page at http://127.0.0.1:PORT cannot use its
    passkeys, and says so at once with a link to the same page at the right address."""
    port = urllib.parse.urlsplit(URL).port
    driver.get(f"http://127.0.0.1:{port}/?autofill=off")
    visible(driver, "signed-out")
    banner = driver.find_element(By.ID, "origin-banner")
    wait(driver, lambda b: banner.is_displayed())
    link = banner.find_element(By.TAG_NAME, "a")
    assert link.get_attribute("href") == f"http://localhost:{port}/?autofill=off"
    assert f"http://127.0.0.1:{port}" in banner.text and "do not work" in banner.text
    shoot(driver, "states-1-wrong-origin")
    link.click()
    visible(driver, "signed-out")
    assert driver.current_url.startswith(f"http://localhost:{port}/")
    assert not driver.find_element(By.ID, "origin-banner").is_displayed()


def test_session_names_the_origins_signed_in_or_not():
    """GET /session's 401 carries rpId and origins, which the banner is built from."""
    port = urllib.parse.urlsplit(URL).port
    try:
        urllib.request.urlopen(f"http://127.0.0.1:{port}/session", timeout=5)
        pytest.fail("GET /session without a session answered 200")
    except urllib.error.HTTPError as refusal:
        assert refusal.code == 401
        body = json.load(refusal)
    assert body["status"] == "failed" and body["rpId"] == "localhost"
    assert body["origins"] == [f"http://localhost:{port}"]


def test_sign_out_leaves_nothing_of_the_account(driver):
    driver.get(URL + "/?autofill=off")
    visible(driver, "signed-out")
    register(driver, f"leave-{uuid.uuid4().hex[:8]}", "Leave No Trace")
    driver.find_element(By.ID, "codes-done").click()
    visible(driver, "nudge")
    driver.find_element(By.ID, "signout-button").click()
    visible(driver, "signed-out")
    for gone in ("signed-in", "nudge", "codes-card", "recovering"):
        assert not driver.find_element(By.ID, gone).is_displayed(), gone
    assert "Leave No Trace" not in driver.find_element(By.TAG_NAME, "body").text
    assert message(driver) == "Signed out."


def test_marks_and_names_survive_recoveries():
    """Recovery twice, each from a new browser, removing the lost passkey in between: the server never repeats a
    default name (it used to name the third passkey "Passkey 2" again), and each browser marks the passkey it made."""
    first = new_browser(platform_authenticator())
    browsers = [first]
    try:
        first.get(URL + "/?autofill=off")
        visible(first, "signed-out")
        username = f"names-{uuid.uuid4().hex[:8]}"
        register(first, username)
        codes = [item.text for item in first.find_elements(By.CSS_SELECTOR, "#codes-list li")]
        first.find_element(By.ID, "codes-done").click()
        visible(first, "signed-in")
        wait(first, lambda b: len(names(b)) == 1)
        assert names(first) == ["Passkey 1"]
        assert marked(first) == ["Passkey 1"]
        assert first.execute_script("return document.querySelector('#passkey-list .passkey .this-browser').innerText.trim()") == "Made on this browser"

        seen = ["Passkey 1"]
        for code in codes[:2]:
            browser = new_browser(platform_authenticator())
            browsers.append(browser)
            browser.get(URL + "/?autofill=off")
            visible(browser, "signed-out")
            browser.find_element(By.ID, "recover-username").send_keys(username)
            browser.find_element(By.ID, "recover-code").send_keys(code)
            browser.find_element(By.ID, "recover-button").click()
            visible(browser, "recovering")
            browser.find_element(By.ID, "recovery-add").click()
            visible(browser, "signed-in")
            wait(browser, lambda b: len(names(b)) == 2)
            current = names(browser)
            assert len(set(current)) == 2, current
            new = next(name for name in current if name not in seen)
            seen.append(new)
            assert marked(browser) == [new], (marked(browser), current)
            # The lost passkey goes (the recovery's sign-in is fresh: no step-up).
            click_remove(browser, next(name for name in current if name != new))
            wait(browser, EC.alert_is_present()).accept()
            wait(browser, lambda b: len(passkeys(b)) == 1)
        assert seen == ["Passkey 1", "Passkey 2", "Passkey 3"], seen
    finally:
        for browser in browsers:
            browser.quit()


def test_recovery_codes_can_be_copied_and_downloaded():
    downloads = tempfile.mkdtemp(prefix="passkeys-downloads-")
    browser = new_browser(platform_authenticator(), downloads=downloads)
    try:
        browser.get(URL + "/?autofill=off")
        visible(browser, "signed-out")
        username = f"codes-{uuid.uuid4().hex[:8]}"
        register(browser, username)
        codes = [item.text for item in browser.find_elements(By.CSS_SELECTOR, "#codes-list li")]
        assert len(codes) == 10

        browser.execute_cdp_cmd("Browser.grantPermissions", {
            "origin": URL, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
        browser.find_element(By.ID, "codes-copy").click()
        wait(browser, lambda b: "Recovery codes copied" in message(b))
        browser.set_script_timeout(10)
        copied = browser.execute_async_script("navigator.clipboard.readText().then(arguments[0], e => arguments[0](String(e)))")
        assert all(code in copied for code in codes), copied
        assert username in copied

        browser.find_element(By.ID, "codes-download").click()
        wait(browser, lambda b: f"recovery-codes-{username}.txt" in message(b))
        path = os.path.join(downloads, f"recovery-codes-{username}.txt")
        for _ in range(100):
            if os.path.exists(path) and not glob.glob(path + ".crdownload"):
                break
            time.sleep(0.1)
        with open(path, encoding="utf-8") as file:
            saved = file.read()
        assert all(code in saved.splitlines() for code in codes), saved
    finally:
        browser.quit()


def test_a_long_name_wraps_inside_its_card(driver):
    long_name = "A" * 64
    driver.get(URL + "/?autofill=off")
    visible(driver, "signed-out")
    register(driver, f"long-{uuid.uuid4().hex[:8]}", long_name)
    driver.find_element(By.ID, "codes-done").click()
    visible(driver, "signed-in")
    for width in ("desktop", "phone"):
        view(driver, "light", width)
        inside = driver.execute_script("""
          const card = document.getElementById('welcome-heading').closest('.card').getBoundingClientRect();
          return ['welcome-heading', 'signout-button', 'signout-others'].every(id => {
            const box = document.getElementById(id).getBoundingClientRect();
            return box.left >= card.left - 0.5 && box.right <= card.right + 0.5;
          }) && document.documentElement.scrollWidth <= window.innerWidth;
        """)
        assert inside, f"{width}: the name or Sign out leaves the card"
        shoot(driver, f"states-long-name-{width}")
    view(driver, "light", "desktop")


@pytest.fixture(scope="module")
def short_window_server():
    yield from start_server("--reverification-window", str(WINDOW), "--metadata-url", "off")


def test_a_step_up_the_device_could_not_complete_is_explained(short_window_server):
    """Past the reverification window a sensitive action asks for the passkey with user verification; a device that
    cannot verify the user fails it (NotAllowedError), which the page explains as a confirmation that did not happen,
    not as "no passkey on this device"; the request to confirm then is gone."""
    browser = new_browser(platform_authenticator())
    try:
        browser.get(short_window_server + "/?autofill=off")
        visible(browser, "signed-out")
        register(browser, f"stepup-{uuid.uuid4().hex[:8]}")
        browser.find_element(By.ID, "codes-done").click()
        visible(browser, "signed-in")
        time.sleep(WINDOW + 0.5)
        browser.set_user_verified(False)
        browser.find_element(By.ID, "signout-others").click()
        alert = browser.find_element(By.ID, "alert")
        wait(browser, lambda b: "You were not confirmed" in alert.text, timeout=30)
        assert "none for this account is on this device" not in message(browser)
        assert "To continue" not in browser.find_element(By.ID, "status").text
        shoot(browser, "states-step-up-refused")

        # With the device verifying again, the same action goes through, and only its outcome is left on screen.
        browser.set_user_verified(True)
        browser.find_element(By.ID, "signout-others").click()
        wait(browser, lambda b: "Every other session" in message(b))
        assert "To continue" not in message(browser)
    finally:
        browser.quit()


@pytest.mark.parametrize("code,words", [
    ("reverificationRequired", "needs you to confirm it is you with your passkey again"),
    ("userNotVerified", "did not verify you (fingerprint, face or PIN)"),
])
def test_a_refused_step_up_is_explained_by_its_code(driver, code, words):
    """The server's refusals of a step-up (a retried action still unverified, a response without user verification)
    are worded by their code, with the server's words as the detail."""
    driver.get(URL + "/?autofill=off")
    visible(driver, "signed-out")
    driver.execute_script("fail(new Refusal(arguments[0] === 'userNotVerified' ? 400 : 403, {code: arguments[0], errorMessage: 'the server said so'}))", code)
    alert = driver.find_element(By.ID, "alert")
    wait(driver, lambda b: words in alert.text)
    assert alert.find_element(By.CSS_SELECTOR, "details p").get_attribute("textContent") == "the server said so"
