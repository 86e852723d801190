"""Drives the web page in headless Chromium with a WebDriver virtual authenticator (a CTAP2 platform
authenticator with user verification), against a `passkeys serve` started by scripts/test.

PASSKEYS_URL: the server, e.g. http://localhost:18080 (localhost is a secure context, as WebAuthn needs).
PASSKEYS_SCREENSHOTS: optional folder for screenshots of each step.
"""
import os
import shutil
import uuid

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.virtual_authenticator import VirtualAuthenticatorOptions
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

URL = os.environ.get("PASSKEYS_URL", "http://localhost:8080")
SCREENSHOTS = os.environ.get("PASSKEYS_SCREENSHOTS")


def find_binary(*names):
    for name in names:
        path = shutil.which(name)
        if path:
            return path
    pytest.fail(f"none of {names} is installed (scripts/test installs chromium and chromium-driver)")


@pytest.fixture
def driver():
    options = webdriver.ChromeOptions()
    options.binary_location = find_binary("chromium", "chromium-browser")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=900,1100"):
        options.add_argument(argument)
    # The driver comes from Debian's chromium-driver; Selenium must not try to download one.
    service = Service(executable_path=find_binary("chromedriver"))
    browser = webdriver.Chrome(options=options, service=service)
    authenticator = VirtualAuthenticatorOptions()
    authenticator.protocol = VirtualAuthenticatorOptions.Protocol.CTAP2
    authenticator.transport = VirtualAuthenticatorOptions.Transport.INTERNAL
    authenticator.has_resident_key = True
    authenticator.has_user_verification = True
    authenticator.is_user_verified = True
    authenticator.is_user_consenting = True
    browser.add_virtual_authenticator(authenticator)
    yield browser
    browser.quit()


def wait(browser, condition, timeout=15):
    # The page re-renders its passkey list after every change; a condition that caught the old list retries.
    return WebDriverWait(browser, timeout, ignored_exceptions=(StaleElementReferenceException,)).until(condition)


def visible(browser, element_id):
    wait(browser, EC.visibility_of_element_located((By.ID, element_id)))


def shoot(browser, name):
    if SCREENSHOTS:
        os.makedirs(SCREENSHOTS, exist_ok=True)
        browser.save_screenshot(os.path.join(SCREENSHOTS, f"{name}.png"))


def message(browser):
    return browser.find_element(By.ID, "message").text


def sign_out(browser):
    browser.find_element(By.ID, "signout-button").click()
    visible(browser, "signed-out")
    wait(browser, lambda b: "Signed out" in message(b))


def test_register_sign_in_rename_remove(driver):
    username = f"ada-{uuid.uuid4().hex[:8]}"
    # The explicit flows, with passkey autofill off: the virtual authenticator would answer it at once.
    driver.get(URL + "/?autofill=off")
    visible(driver, "signed-out")
    shoot(driver, "1-signed-out")

    # Create an account with a passkey.
    driver.find_element(By.ID, "register-username").send_keys(username)
    driver.find_element(By.ID, "register-display-name").send_keys("Ada Lovelace")
    driver.find_element(By.ID, "register-button").click()
    visible(driver, "signed-in")
    assert driver.find_element(By.ID, "welcome-name").text == "Ada Lovelace"
    assert driver.find_element(By.ID, "welcome-username").text == username
    wait(driver, lambda b: len(b.find_elements(By.CSS_SELECTOR, "#passkey-list .passkey")) == 1)
    assert len(driver.get_credentials()) == 1, "the virtual authenticator holds the new passkey"
    assert driver.get_credentials()[0].is_resident_credential, "the passkey is discoverable"
    shoot(driver, "2-registered")

    # Sign out, then sign in by username.
    sign_out(driver)
    driver.find_element(By.ID, "signin-username").send_keys(username)
    driver.find_element(By.ID, "signin-button").click()
    visible(driver, "signed-in")
    wait(driver, lambda b: "Signed in" in message(b))

    # Sign out, then sign in with the passkey only (no username).
    sign_out(driver)
    driver.find_element(By.ID, "passkey-button").click()
    visible(driver, "signed-in")
    assert driver.find_element(By.ID, "welcome-username").text == username
    meta = driver.find_element(By.CSS_SELECTOR, "#passkey-list .passkey .passkey-meta").text
    assert "last used" in meta, meta

    # Rename the passkey.
    item = driver.find_element(By.CSS_SELECTOR, "#passkey-list .passkey")
    item.find_element(By.CSS_SELECTOR, ".rename").click()
    field = item.find_element(By.CSS_SELECTOR, ".rename-input")
    field.clear()
    field.send_keys("Test laptop")
    item.find_element(By.CSS_SELECTOR, ".rename-form button[type=submit]").click()
    wait(driver, lambda b: b.find_element(By.CSS_SELECTOR, "#passkey-list .passkey .passkey-name").text == "Test laptop")
    shoot(driver, "3-renamed")

    # Removing the only passkey is refused in plain words: the account would have no way in (the page asks first).
    driver.find_element(By.CSS_SELECTOR, "#passkey-list .passkey .remove").click()
    wait(driver, EC.alert_is_present()).accept()
    wait(driver, lambda b: "only passkey" in message(b))
    assert len(driver.find_elements(By.CSS_SELECTOR, "#passkey-list .passkey")) == 1
    shoot(driver, "4-last-passkey-kept")

    # Deleting the account removes it with its passkey and signs out (the page asks first).
    driver.find_element(By.ID, "delete-account").click()
    wait(driver, EC.alert_is_present()).accept()
    visible(driver, "signed-out")
    wait(driver, lambda b: "Account deleted" in message(b))
    shoot(driver, "5-account-deleted")

    # The deleted account's passkey no longer signs in, and the page says so in plain words.
    driver.find_element(By.ID, "passkey-button").click()
    wait(driver, lambda b: message(b) != "" and "Signed out" not in message(b))
    assert "not registered" in message(driver), message(driver)
    assert driver.find_element(By.ID, "signed-out").is_displayed()


def test_passkey_autofill_signs_in(driver):
    """Conditional mediation: with autofill on, the pending request on the signed-out page signs the user in."""
    username = f"grace-{uuid.uuid4().hex[:8]}"
    driver.get(URL + "/?autofill=off")
    visible(driver, "signed-out")
    field = driver.find_element(By.ID, "signin-username")
    assert "webauthn" in field.get_attribute("autocomplete")
    driver.find_element(By.ID, "register-username").send_keys(username)
    driver.find_element(By.ID, "register-button").click()
    visible(driver, "signed-in")
    sign_out(driver)
    driver.get(URL + "/")
    visible(driver, "signed-in")
    assert driver.find_element(By.ID, "welcome-username").text == username
    shoot(driver, "6-autofill")


def test_errors_are_plain_words(driver):
    """An unknown username is not revealed: the server answers as for a real account, and the browser finds no
    passkey for it on this device."""
    driver.get(URL + "/?autofill=off")
    visible(driver, "signed-out")
    driver.find_element(By.ID, "signin-username").send_keys(f"nobody-{uuid.uuid4().hex[:8]}")
    driver.find_element(By.ID, "signin-button").click()
    wait(driver, lambda b: message(b) != "", timeout=30)
    assert "No passkey" in message(driver), message(driver)
    assert driver.find_element(By.ID, "signed-out").is_displayed()
