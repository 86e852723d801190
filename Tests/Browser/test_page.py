"""Drives the web page in headless Chromium with a WebDriver virtual authenticator (a CTAP2 platform
authenticator with user verification), against a `passkeys serve` started by scripts/test.

PASSKEYS_URL: the server, e.g. http://localhost:18080 (localhost is a secure context, as WebAuthn needs).
PASSKEYS_SCREENSHOTS: optional folder for screenshots of each step.
"""
import base64
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


def new_browser(authenticator, languages=None, downloads=None):
    """Headless Chromium with one WebDriver virtual authenticator; `languages` (such as "ko,en") are the browser's
    preferred languages (navigator.languages), `downloads` the folder downloads are saved in."""
    options = webdriver.ChromeOptions()
    options.binary_location = find_binary("chromium", "chromium-browser")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=900,1100"):
        options.add_argument(argument)
    prefs = {}
    if languages:
        options.add_argument(f"--lang={languages.split(',')[0]}")
        prefs["intl.accept_languages"] = languages
    if downloads:
        prefs.update({"download.default_directory": downloads, "download.prompt_for_download": False})
    if prefs:
        options.add_experimental_option("prefs", prefs)
    # The driver comes from Debian's chromium-driver; Selenium must not try to download one.
    service = Service(executable_path=find_binary("chromedriver"))
    browser = webdriver.Chrome(options=options, service=service)
    browser.add_virtual_authenticator(authenticator)
    return browser


def platform_authenticator():
    """A platform authenticator with user verification and discoverable credentials, as on a phone or laptop."""
    authenticator = VirtualAuthenticatorOptions()
    authenticator.protocol = VirtualAuthenticatorOptions.Protocol.CTAP2
    authenticator.transport = VirtualAuthenticatorOptions.Transport.INTERNAL
    authenticator.has_resident_key = True
    authenticator.has_user_verification = True
    authenticator.is_user_verified = True
    authenticator.is_user_consenting = True
    return authenticator


@pytest.fixture
def driver():
    browser = new_browser(platform_authenticator())
    yield browser
    browser.quit()


def wait(browser, condition, timeout=15):
    # The page re-renders its passkey list after every change; a condition that caught the old list retries.
    return WebDriverWait(browser, timeout, ignored_exceptions=(StaleElementReferenceException,)).until(condition)


def visible(browser, element_id):
    wait(browser, EC.visibility_of_element_located((By.ID, element_id)))


def shoot(browser, name):
    """With PASSKEYS_SCREENSHOTS, the whole page (not only the viewport) as NAME.png."""
    if SCREENSHOTS:
        os.makedirs(SCREENSHOTS, exist_ok=True)
        size = browser.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]
        clip = {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1}
        shot = browser.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": clip})
        with open(os.path.join(SCREENSHOTS, f"{name}.png"), "wb") as file:
            file.write(base64.b64decode(shot["data"]))


def message(browser):
    """What the page announces: its status (successes) and alert (failures) regions."""
    return browser.find_element(By.ID, "messages").text


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

    # Rename the passkey. Its controls name it, so a list of them is not a row of bare "Rename"s to a screen reader.
    item = driver.find_element(By.CSS_SELECTOR, "#passkey-list .passkey")
    name = item.find_element(By.CSS_SELECTOR, ".passkey-name").text
    assert item.find_element(By.CSS_SELECTOR, ".rename").get_attribute("aria-label") == f"Rename {name}"
    assert item.find_element(By.CSS_SELECTOR, ".remove").get_attribute("aria-label") == f"Remove {name}"
    item.find_element(By.CSS_SELECTOR, ".rename").click()
    field = item.find_element(By.CSS_SELECTOR, ".rename-input")
    field.clear()
    field.send_keys("Test laptop")
    item.find_element(By.CSS_SELECTOR, ".rename-form button[type=submit]").click()
    wait(driver, lambda b: b.find_element(By.CSS_SELECTOR, "#passkey-list .passkey .passkey-name").text == "Test laptop")
    shoot(driver, "3-renamed")

    # The only passkey cannot be removed (the server refuses: the account would have no way in), so Remove is not
    # offered on it, and the page says why.
    only = driver.find_element(By.CSS_SELECTOR, "#passkey-list .passkey")
    assert not only.find_element(By.CSS_SELECTOR, ".remove").is_displayed()
    assert "only passkey" in only.find_element(By.CSS_SELECTOR, ".passkey-only").text
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


SIGNALS = ("signalUnknownCredential", "signalAllAcceptedCredentials", "signalCurrentUserDetails")

# Records the page's Signal API calls (passing each on to the browser's own function) and any uncaught error.
RECORD_SIGNALS = """
window.__signals = [];
window.__pageErrors = [];
window.addEventListener("error", event => window.__pageErrors.push(String(event.message)));
window.addEventListener("unhandledrejection", event => window.__pageErrors.push(String(event.reason)));
const supported = {};
for (const name of arguments[0]) {
  const original = window.PublicKeyCredential && PublicKeyCredential[name];
  supported[name] = typeof original === "function";
  if (!supported[name]) continue;
  PublicKeyCredential[name] = function (details) {
    window.__signals.push({ name, details: JSON.parse(JSON.stringify(details)) });
    return original.call(PublicKeyCredential, details);
  };
}
return supported;
"""


def recorded(browser, name):
    return [entry["details"] for entry in browser.execute_script("return window.__signals") if entry["name"] == name]


def test_signal_api_keeps_the_browsers_list_true(driver):
    """The Signal API: after sign-in the page signals the account's names and its accepted passkeys; after a sign-in the
    server refuses as unknownCredential, that credential. Where this Chromium lacks a call, the page must still work
    and raise no error."""
    username = f"signal-{uuid.uuid4().hex[:8]}"
    driver.get(URL + "/?autofill=off")
    visible(driver, "signed-out")
    supported = driver.execute_script(RECORD_SIGNALS, list(SIGNALS))
    missing = [name for name in SIGNALS if not supported[name]]
    if missing:
        print(f"this Chromium has no {', '.join(missing)}: checking only that the page works without them")

    driver.find_element(By.ID, "register-username").send_keys(username)
    driver.find_element(By.ID, "register-display-name").send_keys("Signal Tester")
    driver.find_element(By.ID, "register-button").click()
    visible(driver, "signed-in")
    wait(driver, lambda b: len(b.find_elements(By.CSS_SELECTOR, "#passkey-list .passkey")) == 1)
    credential_id = driver.get_credentials()[0].id.rstrip("=")
    user_id = driver.execute_script("return fetch('/session').then(r => r.json()).then(j => j.user.id)")

    if supported["signalCurrentUserDetails"]:
        wait(driver, lambda b: recorded(b, "signalCurrentUserDetails"))
        assert recorded(driver, "signalCurrentUserDetails")[-1] == {
            "rpId": "localhost", "userId": user_id, "name": username, "displayName": "Signal Tester"}
    if supported["signalAllAcceptedCredentials"]:
        wait(driver, lambda b: recorded(b, "signalAllAcceptedCredentials"))
        assert recorded(driver, "signalAllAcceptedCredentials")[-1] == {
            "rpId": "localhost", "userId": user_id, "allAcceptedCredentialIds": [credential_id]}

    # The account goes; its passkey stays in the authenticator, and signing in with it is refused as unknown.
    driver.find_element(By.ID, "delete-account").click()
    wait(driver, EC.alert_is_present()).accept()
    visible(driver, "signed-out")
    wait(driver, lambda b: "Account deleted" in message(b))
    driver.find_element(By.ID, "passkey-button").click()
    wait(driver, lambda b: "not registered" in message(b))
    if supported["signalUnknownCredential"]:
        wait(driver, lambda b: recorded(b, "signalUnknownCredential"))
        assert recorded(driver, "signalUnknownCredential") == [{"rpId": "localhost", "credentialId": credential_id}]

    assert driver.execute_script("return window.__pageErrors") == []
