"""The page in English, Korean, Simplified and Traditional Chinese and Japanese, from its message catalogs.
The browser's languages choose (a switcher overrides, and is remembered); <html lang> names the language shown;
every catalog has every key with the plural forms the browser's own Intl.PluralRules asks for; server refusals are
worded by their code in the user's language with the server's words as the detail; dates come from Intl.

PASSKEYS_URL: the server scripts/test starts. PASSKEYS_SCREENSHOTS: optional folder; with it, each language is
photographed signed out and signed in, at desktop and phone width, light and dark.
"""
import os
import uuid

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import Select

from axe_core import assert_no_serious_violations
from test_accessibility import register, view
from test_page import SCREENSHOTS, URL, new_browser, platform_authenticator, shoot, visible, wait

LANGUAGES = ["en", "ko", "zh-Hans", "zh-Hant", "ja"]
# The h1 of each catalog: how a test tells which language is on screen.
TITLES = {"en": "Passkeys", "ko": "패스키", "zh-Hans": "通行密钥", "zh-Hant": "通行密鑰", "ja": "パスキー"}

# Each catalog as the page loads it, checked against the English one and the browser's Intl.PluralRules.
CHECK_CATALOGS = """
const [languages, done] = [arguments[0], arguments[arguments.length - 1]];
(async () => {
  const catalogs = {};
  for (const tag of languages) catalogs[tag] = await (await fetch(`/messages.${tag}.json`)).json();
  const english = Object.keys(catalogs.en).sort();
  const problems = [];
  for (const tag of languages) {
    const keys = Object.keys(catalogs[tag]).sort();
    const missing = english.filter(key => !keys.includes(key)), extra = keys.filter(key => !english.includes(key));
    if (missing.length) problems.push(`${tag}: missing ${missing.join(", ")}`);
    if (extra.length) problems.push(`${tag}: extra ${extra.join(", ")}`);
    const categories = new Intl.PluralRules(tag).resolvedOptions().pluralCategories.sort();
    for (const [key, value] of Object.entries(catalogs[tag])) {
      if (typeof value === "string") { if (!value.trim()) problems.push(`${tag}: ${key} is empty`); continue; }
      const forms = Object.keys(value).sort();
      if (forms.join() !== categories.join()) problems.push(`${tag}: ${key} has ${forms}, Intl.PluralRules needs ${categories}`);
    }
  }
  done(problems);
})().catch(error => done([String(error)]));
"""


def page_language(browser):
    return browser.execute_script("return document.documentElement.lang")


def title(browser):
    return browser.find_element(By.TAG_NAME, "h1").text


@pytest.fixture
def driver():
    browser = new_browser(platform_authenticator())
    yield browser
    browser.quit()


def test_every_catalog_has_every_key(driver):
    """The same check as scripts/check-catalogs, done by the browser that uses them, with its own plural rules."""
    driver.get(URL + "/?autofill=off")
    visible(driver, "signed-out")
    driver.set_script_timeout(30)
    assert driver.execute_async_script(CHECK_CATALOGS, LANGUAGES) == []
    # Every element that names a message shows one: no key left unshown, in any language.
    for language in LANGUAGES:
        Select(driver.find_element(By.ID, "language")).select_by_value(language)
        wait(driver, lambda b: page_language(b) == language)
        empty = driver.execute_script(
            "return [...document.querySelectorAll('[data-i18n]')].filter(e => !e.textContent.trim()).map(e => e.dataset.i18n)")
        assert empty == [], f"{language}: {empty}"
    # English's two plural forms, as Intl.PluralRules picks them.
    Select(driver.find_element(By.ID, "language")).select_by_value("en")
    wait(driver, lambda b: page_language(b) == "en")
    assert driver.execute_script("return I18n.text('recoveryStatus.remaining', {count: 1})").startswith("1 unused recovery code left.")
    assert driver.execute_script("return I18n.text('recoveryStatus.remaining', {count: 2})").startswith("2 unused recovery codes left.")


@pytest.mark.parametrize("accepted,expected", [
    ("ko-KR,ko,en", "ko"), ("ja,en", "ja"), ("zh-CN,zh", "zh-Hans"), ("zh-TW,zh", "zh-Hant"), ("zh-HK", "zh-Hant"),
    ("fr-FR,ja,en", "ja"), ("fr-FR,de", "en"),
])
def test_the_browsers_languages_choose(accepted, expected):
    browser = new_browser(platform_authenticator(), languages=accepted)
    try:
        browser.get(URL + "/?autofill=off")
        visible(browser, "signed-out")
        assert page_language(browser) == expected, browser.execute_script("return navigator.languages")
        assert title(browser) == TITLES[expected]
        assert Select(browser.find_element(By.ID, "language")).first_selected_option.get_attribute("value") == expected
    finally:
        browser.quit()


def test_the_switcher_changes_the_language_and_is_remembered(driver):
    driver.get(URL + "/?autofill=off")
    visible(driver, "signed-out")
    assert page_language(driver) == "en"
    Select(driver.find_element(By.ID, "language")).select_by_value("ja")
    wait(driver, lambda b: page_language(b) == "ja" and title(b) == TITLES["ja"])
    assert driver.title == "パスキー"
    driver.refresh()
    visible(driver, "signed-out")
    wait(driver, lambda b: page_language(b) == "ja")
    # ?lang= names one for a link, over the remembered choice.
    driver.get(URL + "/?autofill=off&lang=zh-Hant")
    wait(driver, lambda b: page_language(b) == "zh-Hant" and title(b) == TITLES["zh-Hant"])


def test_refusals_and_dates_in_the_users_language():
    """In Korean: a taken username is refused in Korean at its field, with the server's English words as the detail;
    the passkey list's dates are Intl's Korean ones; a passkey the server no longer knows is an alert in Korean."""
    browser = new_browser(platform_authenticator(), languages="ko")
    try:
        browser.get(URL + "/?autofill=off")
        visible(browser, "signed-out")
        assert page_language(browser) == "ko"
        username = f"hangul-{uuid.uuid4().hex[:8]}"
        register(browser, username, "홍길동")
        browser.find_element(By.ID, "codes-done").click()
        visible(browser, "signed-in")
        assert "홍길동님, 환영합니다" == browser.find_element(By.ID, "welcome-heading").text
        created = browser.execute_script("return fetch('/credentials').then(r => r.json()).then(j => j.credentials[0].createdAt)")
        expected = browser.execute_script(
            "return new Intl.DateTimeFormat('ko', {dateStyle: 'medium', timeStyle: 'short'}).format(new Date(arguments[0]))", created)
        meta = browser.find_element(By.CSS_SELECTOR, "#passkey-list .passkey-meta").text
        assert f"{expected}에 추가됨" in meta, meta
        assert "사용하지 않은 복구 코드가 10개 남아 있습니다." in browser.find_element(By.ID, "codes-remaining-line").text
        # The plural form goes by the count, as Intl.PluralRules picks it (Korean has one form).
        assert browser.execute_script("return I18n.text('recoveryStatus.remaining', {count: 1})").startswith("사용하지 않은 복구 코드가 1개 남아 있습니다.")

        browser.find_element(By.ID, "signout-button").click()
        visible(browser, "signed-out")
        browser.find_element(By.ID, "register-username").send_keys(username)
        browser.find_element(By.ID, "register-button").click()
        error = browser.find_element(By.ID, "register-username-error")
        wait(browser, lambda b: "이미 사용 중인 사용자 이름입니다" in error.text)
        summary = error.find_element(By.TAG_NAME, "summary")
        assert summary.text == "자세한 정보"
        summary.click()
        assert f"The username '{username}' is taken" in error.find_element(By.CSS_SELECTOR, "details p").text
        shoot(browser, "lang-ko-refusal")

        # Delete the account (signing in again with its passkey), then sign in with that passkey: unknownCredential.
        browser.find_element(By.ID, "passkey-button").click()
        visible(browser, "signed-in")
        browser.find_element(By.ID, "delete-account").click()
        wait(browser, EC.alert_is_present()).accept()
        visible(browser, "signed-out")
        browser.find_element(By.ID, "passkey-button").click()
        alert = browser.find_element(By.ID, "alert")
        wait(browser, lambda b: "이 패스키는 여기에 등록되어 있지 않습니다" in alert.text)
        assert alert.find_element(By.TAG_NAME, "summary").text == "자세한 정보"
    finally:
        browser.quit()


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_language_is_accessible_and_photographed(language):
    """axe-core on each language (its lang attribute valid, its text contrasting) signed out and signed in; with
    PASSKEYS_SCREENSHOTS, photographs at desktop and phone width, light and dark."""
    browser = new_browser(platform_authenticator(), languages=language)
    try:
        browser.get(URL + "/?autofill=off")
        visible(browser, "signed-out")
        assert page_language(browser) == language
        assert_no_serious_violations(browser, f"{language}, signed out")
        names = {"en": "Ada Lovelace", "ko": "홍길동", "zh-Hans": "王小明", "zh-Hant": "陳大文", "ja": "山田 花子"}
        photograph(browser, language, "1-signed-out")
        register(browser, f"{language.lower()}-{uuid.uuid4().hex[:8]}", names[language])
        photograph(browser, language, "2-codes")
        browser.find_element(By.ID, "codes-done").click()
        visible(browser, "signed-in")
        assert_no_serious_violations(browser, f"{language}, signed in")
        photograph(browser, language, "3-signed-in")
    finally:
        browser.quit()


def photograph(browser, language, state):
    if not SCREENSHOTS:
        return
    for scheme in ("light", "dark"):
        for width in ("desktop", "phone"):
            view(browser, scheme, width)
            browser.execute_script("window.scrollTo(0, 0)")
            shoot(browser, f"lang-{language}-{state}-{width}-{scheme}")
    view(browser, "light", "desktop")
