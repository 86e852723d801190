"use strict";

// The page's languages: one message catalog per language (messages.<tag>.json beside this script; scripts/check-catalogs
// holds them to the same keys and placeholders), the choice among them, and dates and counts formatted by Intl.
// Text in a catalog is plain text with {name} placeholders; an entry with plural forms is an object keyed by
// Intl.PluralRules categories ("one", "other", ...), chosen by the number `count` (by default values.count).
const I18n = (() => {
  // The catalogs there are, with their <html lang> values (BCP 47: zh-Hans and zh-Hant name the script, which is what
  // tells Simplified from Traditional Chinese, and what Chromium and Safari pick CJK fonts by).
  const languages = ["en", "ko", "zh-Hans", "zh-Hant", "ja"];
  const storageKey = "passkeys-language";
  let language = "en";
  let catalog = {};

  // The catalog for a BCP 47 tag, or null. Chinese goes by script when the tag names one, else by region: Taiwan,
  // Hong Kong and Macao read Traditional characters, everyone else Simplified.
  function match(tag) {
    const parts = String(tag).toLowerCase().split(/[-_]/);
    if (parts[0] === "zh") {
      if (parts.includes("hant")) return "zh-Hant";
      if (parts.includes("hans")) return "zh-Hans";
      return parts.some(part => ["tw", "hk", "mo"].includes(part)) ? "zh-Hant" : "zh-Hans";
    }
    return languages.find(language => language === parts[0]) || null;
  }

  function stored() {
    try { return localStorage.getItem(storageKey); } catch { return null; }
  }

  // `?lang=` first (a link can name the language), then the switcher's last choice, then the browser's languages in
  // the user's order, then English.
  function preferred() {
    const asked = new URLSearchParams(location.search).get("lang");
    for (const tag of [asked, stored(), ...(navigator.languages || [navigator.language])]) {
      const found = tag && match(tag);
      if (found) return found;
    }
    return "en";
  }

  // The switcher's choice outlives the visit.
  function remember(tag) {
    try { localStorage.setItem(storageKey, tag); } catch {}
  }

  async function load(tag) {
    const response = await fetch(`/messages.${tag}.json`, { credentials: "same-origin" });
    if (!response.ok) throw new Error(`messages.${tag}.json: the server answered ${response.status}`);
    catalog = await response.json();
    language = tag;
    document.documentElement.lang = tag;
    document.title = text("page.title");
  }

  // The entry for `key`, its plural form chosen by `count`.
  function entry(key, count) {
    let found = catalog[key];
    if (found === undefined) {
      // The catalogs are checked complete, so this is a page bug: show the key rather than nothing.
      console.error(`no message "${key}" in messages.${language}.json`);
      return key;
    }
    if (typeof found === "object") {
      found = found[new Intl.PluralRules(language).select(Number(count))] ?? found.other;
    }
    return found;
  }

  // The message split at its placeholders, each replaced by its value: a string, a number (formatted for the
  // language) or a DOM node (kept as it is, so a name can be its own element).
  function parts(key, values = {}, count = values.count) {
    return entry(key, count).split(/(\{\w+\})/).filter(part => part !== "").map(part => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name === undefined || !(name in values)) return part;
      const value = values[name];
      return typeof value === "number" ? number(value) : value;
    });
  }

  // The message as plain text.
  function text(key, values = {}, count = values.count) {
    return parts(key, values, count).map(part => (part instanceof Node ? part.textContent : String(part))).join("");
  }

  // Replaces `element`'s content with the message; placeholders given as nodes become those nodes (a plural
  // message whose {count} is a node takes the number as `count`).
  function fill(element, key, values = {}, count = values.count) {
    element.replaceChildren(...parts(key, values, count));
  }

  // Every element that names its text (data-i18n), placeholder (data-i18n-placeholder) or accessible name
  // (data-i18n-aria-label) by key.
  function apply(root = document) {
    for (const element of root.querySelectorAll("[data-i18n]")) element.textContent = text(element.dataset.i18n);
    for (const element of root.querySelectorAll("[data-i18n-placeholder]")) element.placeholder = text(element.dataset.i18nPlaceholder);
    for (const element of root.querySelectorAll("[data-i18n-aria-label]")) {
      element.setAttribute("aria-label", text(element.dataset.i18nAriaLabel));
    }
  }

  function number(value) {
    return new Intl.NumberFormat(language).format(value);
  }

  function date(iso) {
    return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  }

  return {
    languages, match, preferred, remember, load, text, fill, apply, number, date,
    get language() { return language; },
  };
})();
