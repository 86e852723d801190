"""The page accessible by measurement. axe-core (axe_core.py) finds no serious or critical violation in
light and dark, at desktop and phone width, signed out (with a field error showing) and signed in (recovery codes
showing, then the account); focus moves to the new heading after each change and to what went wrong after an error.

PASSKEYS_URL: the server scripts/test starts. PASSKEYS_SCREENSHOTS: optional folder for screenshots of each state.
"""
import uuid

import pytest
from selenium.webdriver.common.by import By

from axe_core import assert_no_serious_violations
from test_page import URL, message, new_browser, platform_authenticator, shoot, visible, wait

PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True}


def view(browser, scheme, width):
    """The colour scheme the page sees (prefers-color-scheme) and, for "phone", a phone's viewport."""
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    if width == "phone":
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    else:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def active_id(browser):
    return browser.execute_script("return document.activeElement && document.activeElement.id")


def register(browser, username, display_name=""):
    browser.find_element(By.ID, "register-username").send_keys(username)
    if display_name:
        browser.find_element(By.ID, "register-display-name").send_keys(display_name)
    browser.find_element(By.ID, "register-button").click()
    visible(browser, "codes-card")


@pytest.fixture
def driver():
    browser = new_browser(platform_authenticator())
    yield browser
    browser.quit()


@pytest.mark.parametrize("width", ["desktop", "phone"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_serious_violation(driver, scheme, width):
    view(driver, scheme, width)
    driver.get(URL + "/?autofill=off")
    visible(driver, "signed-out")
    assert_no_serious_violations(driver, f"signed out, {scheme}, {width}")

    # A field refused: marked invalid, its message tied to it.
    driver.find_element(By.ID, "register-button").click()
    wait(driver, lambda b: b.find_element(By.ID, "register-username").get_attribute("aria-invalid") == "true")
    assert_no_serious_violations(driver, f"signed out with a field error, {scheme}, {width}")
    shoot(driver, f"a11y-{scheme}-{width}-1-field-error")

    register(driver, f"axe-{uuid.uuid4().hex[:8]}", "Grace Hopper")
    assert_no_serious_violations(driver, f"signed in, recovery codes shown, {scheme}, {width}")
    shoot(driver, f"a11y-{scheme}-{width}-2-codes")

    driver.find_element(By.ID, "codes-done").click()
    wait(driver, lambda b: b.find_element(By.ID, "codes-card").is_displayed() is False)
    visible(driver, "nudge")
    assert_no_serious_violations(driver, f"signed in with one passkey (the suggestion showing), {scheme}, {width}")
    shoot(driver, f"a11y-{scheme}-{width}-3-signed-in")


def test_focus_follows_each_change(driver):
    """Focus goes to the new view's heading after sign-up, sign-out and sign-in, and to the field a refusal is about,
    which is marked invalid with the message tied to it."""
    driver.get(URL + "/?autofill=off")
    visible(driver, "signed-out")

    # An empty username: the field, not <body>, has the focus, and says why.
    driver.find_element(By.ID, "signin-button").click()
    wait(driver, lambda b: active_id(b) == "signin-username")
    field = driver.find_element(By.ID, "signin-username")
    assert field.get_attribute("aria-invalid") == "true"
    assert field.get_attribute("aria-describedby") == "signin-username-error"
    assert "Enter your username" in driver.find_element(By.ID, "signin-username-error").text

    username = f"focus-{uuid.uuid4().hex[:8]}"
    register(driver, username)
    wait(driver, lambda b: active_id(b) == "codes-heading")
    assert field.get_attribute("aria-invalid") is None, "the error went with the change"
    driver.find_element(By.ID, "codes-done").click()
    wait(driver, lambda b: active_id(b) == "welcome-heading")

    driver.find_element(By.ID, "signout-button").click()
    wait(driver, lambda b: active_id(b) == "signin-heading")
    # A success is a status (polite), never an alert.
    status = driver.find_element(By.ID, "status")
    assert status.get_attribute("role") == "status" and "Signed out" in status.text
    assert driver.find_element(By.ID, "alert").text == ""

    driver.find_element(By.ID, "signin-username").send_keys(username)
    driver.find_element(By.ID, "signin-button").click()
    wait(driver, lambda b: active_id(b) == "welcome-heading")
    assert "Signed in" in message(driver)

    # The same username again, from the sign-up form: refused as taken, at that field.
    driver.find_element(By.ID, "signout-button").click()
    wait(driver, lambda b: active_id(b) == "signin-heading")
    driver.find_element(By.ID, "register-username").send_keys(username)
    driver.find_element(By.ID, "register-button").click()
    wait(driver, lambda b: active_id(b) == "register-username")
    assert "taken" in driver.find_element(By.ID, "register-username-error").text


def test_a_failure_not_about_a_field_is_an_alert_with_the_focus(driver):
    """No network: the alert says so in words, has the focus, and offers to try again, which then works."""
    driver.get(URL + "/?autofill=off")
    visible(driver, "signed-out")
    driver.find_element(By.ID, "register-username").send_keys(f"offline-{uuid.uuid4().hex[:8]}")
    driver.set_network_conditions(offline=True, latency=0, download_throughput=-1, upload_throughput=-1)
    try:
        driver.find_element(By.ID, "register-button").click()
        alert = driver.find_element(By.ID, "alert")
        wait(driver, lambda b: "Cannot reach the server" in alert.text)
        assert alert.get_attribute("role") == "alert"
        assert "Failed to fetch" not in alert.text
        assert driver.execute_script("return document.activeElement.closest('#alert') !== null"), "the alert has the focus"
        shoot(driver, "a11y-network-error")
    finally:
        driver.delete_network_conditions()
    alert.find_element(By.CSS_SELECTOR, "button.retry").click()
    visible(driver, "codes-card")
    assert driver.find_element(By.ID, "alert").text == ""
