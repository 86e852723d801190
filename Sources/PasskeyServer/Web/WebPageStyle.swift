extension WebPage {
    static let style = #"""
:root {
  --bg: #f5f6fa; --card: #ffffff; --text: #1c1e26; --muted: #6b7080; --line: #e3e5ee;
  --accent: #3b5bdb; --accent-dark: #2f4ac0; --danger: #c92a2a; --ok: #2b8a3e; --radius: 14px;
  color-scheme: light dark;
}
@media (prefers-color-scheme: dark) {
  :root { --bg: #14161c; --card: #1d2028; --text: #eceef4; --muted: #9aa0b2; --line: #2d313c; --accent: #748ffc; --accent-dark: #91a7ff; }
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body { margin: 0; background: var(--bg); color: var(--text); font: 16px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, sans-serif; }
main { max-width: 480px; margin: 0 auto; padding: 48px 20px; }
header { text-align: center; margin-bottom: 28px; }
.logo { width: 52px; height: 52px; color: var(--accent); }
h1 { margin: 4px 0 6px; font-size: 30px; letter-spacing: -0.02em; }
h2 { margin: 0 0 14px; font-size: 19px; }
.lede, .muted { color: var(--muted); }
.lede { margin: 0; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: var(--radius); padding: 24px; margin-bottom: 18px; box-shadow: 0 1px 2px rgba(0,0,0,.04); }
label { display: block; font-weight: 600; font-size: 14px; margin: 12px 0 6px; }
.optional { font-weight: 400; color: var(--muted); }
input { width: 100%; padding: 11px 13px; border: 1px solid var(--line); border-radius: 10px; font: inherit; background: transparent; color: inherit; }
input:focus { outline: 2px solid var(--accent); outline-offset: 1px; border-color: transparent; }
button { font: inherit; cursor: pointer; border-radius: 10px; border: 0; }
button:disabled { opacity: .55; cursor: progress; }
.primary, .secondary { display: block; width: 100%; padding: 12px 16px; margin-top: 16px; font-weight: 600; }
.primary { background: var(--accent); color: #fff; }
.primary:hover { background: var(--accent-dark); }
.secondary { background: transparent; color: var(--accent); border: 1px solid var(--accent); }
.small { display: inline-block; width: auto; margin: 0; padding: 7px 12px; font-size: 14px; }
.link { background: none; color: var(--accent); padding: 4px 6px; font-size: 14px; }
.link.danger { color: var(--danger); }
.divider { display: flex; align-items: center; gap: 12px; color: var(--muted); font-size: 13px; margin: 18px 0 0; }
.divider::before, .divider::after { content: ""; flex: 1; height: 1px; background: var(--line); }
.account, .card-title { display: flex; justify-content: space-between; align-items: center; gap: 12px; }
.account h2 { margin-bottom: 2px; }
.account p { margin: 0; }
#passkey-list { list-style: none; padding: 0; margin: 14px 0 0; }
.passkey { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px; padding: 14px 0; border-top: 1px solid var(--line); }
.passkey-main { display: flex; flex-direction: column; min-width: 0; }
.passkey-name { font-weight: 600; overflow-wrap: anywhere; }
.passkey-meta { font-size: 13px; }
.passkey-provider { display: flex; align-items: center; gap: 6px; font-size: 13px; }
.passkey-provider img { width: 16px; height: 16px; object-fit: contain; }
.passkey-provider img:not([src]) { display: none; }
.rename-form { display: flex; gap: 8px; align-items: center; width: 100%; }
.rename-form input { flex: 1; padding: 7px 10px; }
#message { padding: 12px 16px; border-radius: 10px; margin: 0 0 18px; background: #fff4e6; color: #7a3e00; border: 1px solid #ffd8a8; }
#message.ok { background: #ebfbee; color: var(--ok); border-color: #b2f2bb; }
.notice { padding: 12px 16px; border-radius: 10px; background: #fff5f5; color: var(--danger); }
footer { text-align: center; font-size: 13px; margin-top: 28px; }
footer a { color: inherit; }
"""#
}
