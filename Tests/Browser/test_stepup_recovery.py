"""Step-up and recovery codes on the page, in headless Chromium with a WebDriver virtual authenticator.

Each test starts its own `passkeys serve` (PASSKEYS_BIN) with a short --reverification-window, so a session goes
stale in seconds: the page must then ask for the passkey and retry the action by itself.
PASSKEYS_SCREENSHOTS: optional folder for screenshots of each step.
"""
import time
import uuid

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC

from test_attestation import start_server
from test_page import message, new_browser, platform_authenticator, shoot, visible, wait

# Seconds a verification lasts on these servers.
WINDOW = 2


@pytest.fixture(scope="module")
def server():
    yield from start_server("--reverification-window", str(WINDOW), "--metadata-url", "off")


@pytest.fixture
def driver():
    browser = new_browser(platform_authenticator())
    yield browser
    browser.quit()


def passkeys(browser):
    return browser.find_elements(By.CSS_SELECTOR, "#passkey-list .passkey")


def sign_up(browser, server, username):
    browser.get(server + "/?autofill=off")
    visible(browser, "signed-out")
    browser.find_element(By.ID, "register-username").send_keys(username)
    browser.find_element(By.ID, "register-button").click()
    visible(browser, "codes-card")
    codes = [item.text for item in browser.find_elements(By.CSS_SELECTOR, "#codes-list li")]
    assert len(codes) == 10, codes
    return codes


def recover(browser, server, username, code):
    browser.get(server + "/?autofill=off")
    visible(browser, "signed-out")
    browser.find_element(By.ID, "recover-username").send_keys(username)
    browser.find_element(By.ID, "recover-code").send_keys(code)
    browser.find_element(By.ID, "recover-button").click()


def test_step_up_before_sensitive_actions(driver, server):
    username = f"ada-{uuid.uuid4().hex[:8]}"
    codes = sign_up(driver, server, username)
    driver.find_element(By.ID, "codes-done").click()
    visible(driver, "signed-in")
    # One passkey: the page nudges the user to add a second.
    visible(driver, "nudge")
    assert "second passkey" in driver.find_element(By.ID, "nudge").text
    assert driver.find_element(By.ID, "codes-remaining").text == "10"
    shoot(driver, "stepup-1-one-passkey-nudge")

    # A second device's passkey (one virtual authenticator cannot hold two for one account): added there through
    # recovery, which signs this browser out; it signs in again with its own passkey.
    other = new_browser(platform_authenticator())
    try:
        recover(other, server, username, codes[1])
        visible(other, "recovering")
        other.find_element(By.ID, "recovery-add").click()
        visible(other, "signed-in")
        wait(other, lambda b: len(passkeys(b)) == 2)
    finally:
        other.quit()
    driver.get(server + "/?autofill=off")
    visible(driver, "signed-out")
    driver.find_element(By.ID, "signin-username").send_keys(username)
    driver.find_element(By.ID, "signin-button").click()
    visible(driver, "signed-in")
    wait(driver, lambda b: len(passkeys(b)) == 2)
    wait(driver, EC.invisibility_of_element_located((By.ID, "nudge")))

    # Past the window the server refuses removing a passkey (403 reverificationRequired); the page asks for this
    # device's passkey (the virtual authenticator answers, with user verification), then retries, and it is removed.
    own = driver.get_credentials()[0].id.rstrip("=")  # Selenium gives it as base64url
    time.sleep(WINDOW + 0.5)
    other_item = next(item for item in passkeys(driver) if item.get_attribute("data-id") != own)
    other_item.find_element(By.CSS_SELECTOR, ".remove").click()
    wait(driver, EC.alert_is_present()).accept()
    wait(driver, lambda b: "Passkey removed" in message(b))
    assert [item.get_attribute("data-id") for item in passkeys(driver)] == [own]
    shoot(driver, "stepup-2-removed-after-verifying")

    # The same for new recovery codes: shown once, the count back to 10.
    time.sleep(WINDOW + 0.5)
    driver.find_element(By.ID, "new-codes").click()
    wait(driver, EC.alert_is_present()).accept()
    visible(driver, "codes-card")
    assert len(driver.find_elements(By.CSS_SELECTOR, "#codes-list li")) == 10
    # The request to confirm is gone once the codes are there; what is left says what happened.
    wait(driver, lambda b: "New recovery codes are ready" in message(b))
    assert "To continue" not in message(driver)
    shoot(driver, "stepup-3-new-codes")
    driver.find_element(By.ID, "codes-done").click()
    wait(driver, lambda b: b.find_element(By.ID, "codes-remaining").text == "10")

    # And for signing out everywhere else.
    time.sleep(WINDOW + 0.5)
    driver.find_element(By.ID, "signout-others").click()
    wait(driver, lambda b: "Every other session" in message(b))


def test_recovery_with_a_code(driver, server):
    username = f"grace-{uuid.uuid4().hex[:8]}"
    codes = sign_up(driver, server, username)
    shoot(driver, "recovery-1-codes-after-sign-up")
    driver.find_element(By.ID, "codes-done").click()
    visible(driver, "signed-in")

    # Every device is lost: a new browser with an empty authenticator, and a code typed in lower case.
    lost = new_browser(platform_authenticator())
    try:
        lost.get(server + "/?autofill=off")
        visible(lost, "signed-out")
        lost.find_element(By.ID, "recover-username").send_keys(username)
        lost.find_element(By.ID, "recover-code").send_keys(codes[0].lower())
        lost.find_element(By.ID, "recover-button").click()
        visible(lost, "recovering")
        assert username in lost.find_element(By.ID, "recovering").text
        shoot(lost, "recovery-2-recovery-session")
        lost.find_element(By.ID, "recovery-add").click()
        visible(lost, "signed-in")
        wait(lost, lambda b: len(passkeys(b)) == 2)
        assert lost.find_element(By.ID, "codes-remaining").text == "9"
        shoot(lost, "recovery-3-new-passkey")

        # The old device's session ended when the code was used.
        driver.refresh()
        visible(driver, "signed-out")

        # The same code a second time is refused, in the same words as a wrong one.
        lost.find_element(By.ID, "signout-button").click()
        visible(lost, "signed-out")
        lost.find_element(By.ID, "recover-username").send_keys(username)
        lost.find_element(By.ID, "recover-code").send_keys(codes[0])
        lost.find_element(By.ID, "recover-button").click()
        # Tied to the code field: marked invalid, the message under it, the focus on it.
        error = lost.find_element(By.ID, "recover-code-error")
        wait(lost, lambda b: "do not match an unused recovery code" in error.text)
        field = lost.find_element(By.ID, "recover-code")
        assert field.get_attribute("aria-invalid") == "true"
        assert field.get_attribute("aria-describedby") == "recover-code-error"
        assert lost.switch_to.active_element == field
        assert lost.find_element(By.ID, "recovering").is_displayed() is False
        shoot(lost, "recovery-4-used-code-refused")
    finally:
        lost.quit()
