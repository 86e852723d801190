enum WebPage {
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Passkeys</title>
  <link rel="stylesheet" href="/app.css">
  <script src="/app.js" defer></script>
</head>
<body>
  <main>
    <header>
      <svg class="logo" viewBox="0 0 48 48" aria-hidden="true">
        <circle cx="17" cy="24" r="9" fill="none" stroke="currentColor" stroke-width="4"/>
        <path d="M26 24h17M37 24v7M43 24v5" fill="none" stroke="currentColor" stroke-width="4" stroke-linecap="round"/>
      </svg>
      <h1>Passkeys</h1>
      <p class="lede">Sign in with your face, fingerprint or device PIN. No password to remember, nothing to phish.</p>
    </header>

    <p id="message" role="alert" hidden></p>
    <p id="unsupported" class="notice" hidden>This browser does not support passkeys. Try a current Chrome, Edge, Safari or Firefox.</p>

    <section id="signed-out" hidden>
      <div class="card">
        <h2>Sign in</h2>
        <form id="signin-form" autocomplete="on">
          <label for="signin-username">Username</label>
          <input id="signin-username" name="username" autocomplete="username webauthn" autocapitalize="none" spellcheck="false" placeholder="you@example.com">
          <button id="signin-button" type="submit" class="primary">Continue</button>
        </form>
        <div class="divider"><span>or</span></div>
        <button id="passkey-button" type="button" class="secondary">Sign in with a passkey</button>
      </div>

      <div class="card">
        <h2>Create an account</h2>
        <form id="register-form">
          <label for="register-username">Username</label>
          <input id="register-username" name="username" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="64" placeholder="you@example.com">
          <label for="register-display-name">Your name <span class="optional">(optional)</span></label>
          <input id="register-display-name" name="displayName" autocomplete="name" maxlength="64" placeholder="Ada Lovelace">
          <button id="register-button" type="submit" class="primary">Create account with a passkey</button>
        </form>
      </div>
    </section>

    <section id="signed-in" hidden>
      <div class="card">
        <div class="account">
          <div>
            <h2>Welcome, <span id="welcome-name"></span></h2>
            <p class="muted">Signed in as <span id="welcome-username"></span></p>
          </div>
          <button id="signout-button" type="button" class="link">Sign out</button>
        </div>
      </div>
      <div class="card">
        <div class="card-title">
          <h2>Your passkeys</h2>
          <button id="add-passkey" type="button" class="secondary small">Add a passkey</button>
        </div>
        <ul id="passkey-list"></ul>
        <template id="passkey-template">
          <li class="passkey">
            <div class="passkey-main">
              <span class="passkey-name"></span>
              <span class="passkey-provider" hidden><picture><source class="provider-icon-dark" media="(prefers-color-scheme: dark)"><img class="provider-icon" alt="" width="16" height="16"></picture><span class="provider-name"></span></span>
              <span class="passkey-meta muted"></span>
            </div>
            <form class="rename-form" hidden>
              <input class="rename-input" maxlength="64" aria-label="New name">
              <button type="submit" class="primary small">Save</button>
              <button type="button" class="link cancel-rename">Cancel</button>
            </form>
            <div class="passkey-actions">
              <button type="button" class="link rename">Rename</button>
              <button type="button" class="link danger remove">Remove</button>
            </div>
          </li>
        </template>
      </div>
      <div class="card">
        <div class="card-title">
          <h2>Delete account</h2>
          <button id="delete-account" type="button" class="link danger">Delete my account</button>
        </div>
        <p class="muted">Removes the account, all its passkeys and every session. The username becomes free again.</p>
      </div>
    </section>

    <footer class="muted">Passkeys for Swift · <a href="/openapi.json">API</a></footer>
  </main>
</body>
</html>
"""#
}
