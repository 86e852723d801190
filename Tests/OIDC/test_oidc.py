"""`passkeys serve` as an OpenID Provider, driven by a client library no one here wrote (Authlib's
OAuth2Session with PKCE S256; Authlib's JOSE verifies the ID token against the JWKS), and attacked request by request.

A session here comes from the software authenticator (`passkeys register`) and rides as the page's cookie would;
test_oidc_browser.py runs the same flow in headless Chromium, signing in with a passkey on the page itself.
PASSKEYS_BIN: the passkeys executable.
"""
import json
import secrets
import urllib.parse

import pytest
import requests
from authlib.integrations.requests_client import OAuth2Session
from authlib.jose import JsonWebKey, jwt
from authlib.oidc.core import CodeIDToken

from oidc_support import (Callback, authorize_url, create_client, pkce, redirected_query, register, request, start_server,
                          token_request)


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


def cookie(session):
    return {"Cookie": f"passkeys_session={session}"}


def verify_id_token(server, id_token, client_id, nonce, access_token=None):
    """What an OIDC client does with the ID token: the JWKS key by kid, then iss, aud, exp, iat, nonce (and at_hash)."""
    jwks = JsonWebKey.import_key_set(requests.get(server["url"] + "/.well-known/jwks.json", timeout=10).json())
    claims = jwt.decode(
        id_token, jwks, claims_cls=CodeIDToken,
        claims_options={"iss": {"essential": True, "value": server["url"]}, "aud": {"essential": True, "value": client_id}},
        claims_params={"nonce": nonce, "access_token": access_token, "client_id": client_id})
    claims.validate(leeway=5)
    return claims


def sign_in_with_authlib(server, client, callback, session, **extra):
    """The code flow as an app's login library runs it; (OAuth2Session, token, nonce)."""
    oauth = OAuth2Session(
        client["clientId"], client.get("clientSecret"), scope="openid profile", redirect_uri=callback.uri,
        code_challenge_method="S256", token_endpoint_auth_method="client_secret_basic" if client.get("clientSecret") else "none")
    verifier = secrets.token_urlsafe(48)
    nonce = "nonce-" + secrets.token_urlsafe(8)
    uri, state = oauth.create_authorization_url(server["url"] + "/authorize", nonce=nonce, code_verifier=verifier, **extra)
    status, headers, _ = request("GET", uri, headers=cookie(session))
    assert status == 303, status
    location, query = redirected_query(headers)
    assert location.startswith(callback.uri + "?")
    # RFC 9207: the issuer comes back beside the code and the state.
    assert query["state"] == state and query["iss"] == server["url"] and query["code"]
    token = oauth.fetch_token(server["url"] + "/token", authorization_response=location, code_verifier=verifier)
    return oauth, token, nonce


def test_discovery_lists_exactly_what_is_served(server):
    document = requests.get(server["url"] + "/.well-known/openid-configuration", timeout=10).json()
    url = server["url"]
    assert document["issuer"] == url
    assert document["authorization_endpoint"] == url + "/authorize"
    assert document["token_endpoint"] == url + "/token"
    assert document["userinfo_endpoint"] == url + "/userinfo"
    assert document["jwks_uri"] == url + "/.well-known/jwks.json"
    assert document["code_challenge_methods_supported"] == ["S256"]
    assert document["response_types_supported"] == ["code"]
    assert set(document["id_token_signing_alg_values_supported"]) == {"RS256", "ES256"}
    assert set(document["token_endpoint_auth_methods_supported"]) == {"client_secret_basic", "client_secret_post", "none"}
    assert document["authorization_response_iss_parameter_supported"] is True
    # Nothing advertised that is not served.
    assert document["end_session_endpoint"] == url + "/end-session"
    assert document["revocation_endpoint"] == url + "/revoke"
    assert set(document["revocation_endpoint_auth_methods_supported"]) == {"client_secret_basic", "client_secret_post", "none"}
    assert "registration_endpoint" not in document
    # RS256 keys are made once a client is registered (at the next refresh) or an ID token needs one; the flows below
    # verify their ID tokens with the key the JWKS then publishes.
    jwks = requests.get(document["jwks_uri"], timeout=10).json()
    assert "ES256" in {key["alg"] for key in jwks["keys"]} and {key["alg"] for key in jwks["keys"]} <= {"RS256", "ES256"}


def test_authlib_code_flow_id_token_userinfo_and_refresh(server, client, callback):
    session, user = register(server)
    oauth, token, nonce = sign_in_with_authlib(server, client, callback, session)
    assert token["token_type"] == "Bearer" and token["refresh_token"] and token["expires_in"] > 0
    claims = verify_id_token(server, token["id_token"], client["clientId"], nonce, token["access_token"])
    assert claims["sub"] == user["id"]
    assert claims["nonce"] == nonce and claims["azp"] == client["clientId"]
    assert claims["amr"] == ["hwk", "user", "mfa"] and isinstance(claims["auth_time"], int)
    # The profile scope's claims are in the ID token too, as /userinfo gives them.
    assert claims["preferred_username"] == user["name"] and claims["name"] == user["displayName"]
    # RS256 by default: the algorithm OpenID Connect Core §15.1 requires of every provider.
    assert claims.header["alg"] == "RS256" and claims.header["kid"]

    info = oauth.get(server["url"] + "/userinfo", timeout=10)
    assert info.status_code == 200, info.text
    assert info.json() == {"sub": user["id"], "preferred_username": user["name"], "name": user["displayName"]}
    # OpenID Connect Core §5.3.1: POST too, with the token in the header or (RFC 6750 §2.2) in the form body.
    posted = oauth.post(server["url"] + "/userinfo", timeout=10)
    assert posted.status_code == 200 and posted.json() == info.json(), posted.text
    form = requests.post(server["url"] + "/userinfo", data={"access_token": token["access_token"]}, timeout=10)
    assert form.status_code == 200 and form.json() == info.json(), form.text

    old_refresh = token["refresh_token"]
    renewed = oauth.refresh_token(server["url"] + "/token")
    assert renewed["refresh_token"] != old_refresh
    verify_id_token(server, renewed["id_token"], client["clientId"], None, renewed["access_token"])
    # The rotated-out token is refused, and its use revokes the family: the newest one is refused too.
    status, headers, body = token_request(
        server, {"grant_type": "refresh_token", "refresh_token": old_refresh}, (client["clientId"], client["clientSecret"]))
    assert status == 400 and body["error"] == "invalid_grant", body
    assert headers["Cache-Control"] == "no-store"
    status, _, body = token_request(
        server, {"grant_type": "refresh_token", "refresh_token": renewed["refresh_token"]}, (client["clientId"], client["clientSecret"]))
    assert status == 400 and body["error"] == "invalid_grant", body


def test_es256_client_and_client_secret_post(server, callback):
    es = create_client(server, callback.uri, "--id-token-alg", "ES256", name="grafana")
    session, user = register(server)
    verifier, challenge = pkce()
    url, parameters = authorize_url(server, es["clientId"], callback.uri, challenge)
    _, headers, _ = request("GET", url, headers=cookie(session))
    _, query = redirected_query(headers)
    status, headers, body = token_request(server, {
        "grant_type": "authorization_code", "code": query["code"], "redirect_uri": callback.uri, "code_verifier": verifier,
        "client_id": es["clientId"], "client_secret": es["clientSecret"]})
    assert status == 200, body
    assert headers["Cache-Control"] == "no-store"
    claims = verify_id_token(server, body["id_token"], es["clientId"], parameters["nonce"], body["access_token"])
    assert claims.header["alg"] == "ES256" and claims["sub"] == user["id"]
    # An ID token, even one signed ES256, is not an access token.
    status, _, _ = request("GET", server["url"] + "/userinfo", headers={"Authorization": "Bearer " + body["id_token"]})
    assert status == 401
    assert request("GET", server["url"] + "/userinfo", headers={"Authorization": "Bearer " + body["access_token"]})[0] == 200


def code_for(server, client, callback, session, **more):
    verifier, challenge = pkce()
    url, parameters = authorize_url(server, client["clientId"], callback.uri, challenge, **more)
    status, headers, _ = request("GET", url, headers=cookie(session))
    assert status == 303
    _, query = redirected_query(headers)
    return query["code"], verifier


def exchange(server, client, callback, code, verifier, redirect_uri=None):
    return token_request(
        server, {"grant_type": "authorization_code", "code": code, "redirect_uri": redirect_uri or callback.uri, "code_verifier": verifier},
        (client["clientId"], client["clientSecret"]))


def test_code_reuse_is_refused_and_revokes_what_the_first_use_issued(server, client, callback):
    session, _ = register(server)
    code, verifier = code_for(server, client, callback, session)
    status, _, first = exchange(server, client, callback, code, verifier)
    assert status == 200
    status, _, again = exchange(server, client, callback, code, verifier)
    assert status == 400 and again["error"] == "invalid_grant"
    status, _, body = token_request(
        server, {"grant_type": "refresh_token", "refresh_token": first["refresh_token"]}, (client["clientId"], client["clientSecret"]))
    assert status == 400 and body["error"] == "invalid_grant", "the first use's refresh token is revoked"


def test_wrong_code_verifier_is_refused(server, client, callback):
    session, _ = register(server)
    code, _ = code_for(server, client, callback, session)
    other, _ = pkce()
    status, _, body = exchange(server, client, callback, code, other)
    assert status == 400 and body["error"] == "invalid_grant"


def test_missing_code_verifier_is_refused(server, client, callback):
    session, _ = register(server)
    code, _ = code_for(server, client, callback, session)
    status, _, body = token_request(
        server, {"grant_type": "authorization_code", "code": code, "redirect_uri": callback.uri}, (client["clientId"], client["clientSecret"]))
    assert status == 400 and body["error"] == "invalid_request"


def test_wrong_redirect_uri_at_the_token_endpoint_is_refused(server, client, callback):
    session, _ = register(server)
    code, verifier = code_for(server, client, callback, session)
    status, _, body = exchange(server, client, callback, code, verifier, redirect_uri=callback.uri + "/other")
    assert status == 400 and body["error"] == "invalid_grant"


def test_a_code_for_another_client_is_refused(server, client, callback):
    other = create_client(server, callback.uri, name="other")
    session, _ = register(server)
    code, verifier = code_for(server, client, callback, session)
    status, _, body = token_request(
        server, {"grant_type": "authorization_code", "code": code, "redirect_uri": callback.uri, "code_verifier": verifier},
        (other["clientId"], other["clientSecret"]))
    assert status == 400 and body["error"] == "invalid_grant"


@pytest.mark.parametrize("method", ["plain", None])
def test_plain_or_missing_pkce_is_refused_at_the_redirect_uri(server, client, callback, method):
    session, _ = register(server)
    verifier, challenge = pkce()
    url, parameters = authorize_url(
        server, client["clientId"], callback.uri, verifier if method == "plain" else None, code_challenge_method=method)
    status, headers, _ = request("GET", url, headers=cookie(session))
    assert status == 303
    location, query = redirected_query(headers)
    assert location.startswith(callback.uri + "?")
    assert query["error"] == "invalid_request" and "code" not in query
    assert query["state"] == parameters["state"] and query["iss"] == server["url"]


@pytest.mark.parametrize("redirect_uri", [
    "https://evil.example/callback", "http://127.0.0.1:1/elsewhere", "http://localhost:1/callback", None])
def test_an_unregistered_redirect_uri_is_never_redirected_to(server, client, callback, redirect_uri):
    session, _ = register(server)
    _, challenge = pkce()
    url, _ = authorize_url(server, client["clientId"], redirect_uri, challenge)
    status, headers, body = request("GET", url, headers=cookie(session))
    assert status == 400 and "Location" not in headers
    assert headers["Content-Type"].startswith("text/html")
    assert ("not registered" in body) if redirect_uri else ("no redirect_uri" in body)


def test_an_unknown_client_is_shown_not_redirected(server, callback):
    _, challenge = pkce()
    url, _ = authorize_url(server, "no-such-client", callback.uri, challenge)
    status, headers, body = request("GET", url)
    assert status == 400 and "Location" not in headers and "does not know" in body


def test_the_loopback_redirect_uri_may_use_any_port(server, callback):
    # RFC 8252 §7.3: registered without a port, a native app's loopback listener may use whichever it got.
    loopback = create_client(server, "http://127.0.0.1/callback", "--public", name="desktop")
    assert "clientSecret" not in loopback
    session, _ = register(server)
    verifier, challenge = pkce()
    url, _ = authorize_url(server, loopback["clientId"], callback.uri, challenge)
    status, headers, _ = request("GET", url, headers=cookie(session))
    location, query = redirected_query(headers)
    assert status == 303 and location.startswith(callback.uri) and query["code"]
    # A public client authenticates with nothing but PKCE; a secret it does not have is refused.
    status, _, body = token_request(server, {
        "grant_type": "authorization_code", "code": query["code"], "redirect_uri": callback.uri, "code_verifier": verifier,
        "client_id": loopback["clientId"]})
    assert status == 200 and body["id_token"], body


def test_client_authentication_is_required_of_confidential_clients(server, client, callback):
    session, _ = register(server)
    code, verifier = code_for(server, client, callback, session)
    form = {"grant_type": "authorization_code", "code": code, "redirect_uri": callback.uri, "code_verifier": verifier}
    status, _, body = token_request(server, dict(form, client_id=client["clientId"]))
    assert status == 401 and body["error"] == "invalid_client"
    status, headers, body = token_request(server, form, (client["clientId"], "pcs_wrong"))
    assert status == 401 and body["error"] == "invalid_client" and headers["WWW-Authenticate"].startswith("Basic")


def test_prompt_none_without_a_session_is_login_required(server, client, callback):
    _, challenge = pkce()
    url, parameters = authorize_url(server, client["clientId"], callback.uri, challenge, prompt="none")
    status, headers, _ = request("GET", url)
    location, query = redirected_query(headers)
    assert status == 303 and location.startswith(callback.uri)
    assert query["error"] == "login_required" and query["state"] == parameters["state"] and "code" not in query


def test_without_a_session_the_page_signs_in_and_prompt_login_asks_again(server, client, callback):
    _, challenge = pkce()
    url, _ = authorize_url(server, client["clientId"], callback.uri, challenge)
    status, headers, _ = request("GET", url)
    assert status == 303 and headers["Location"].startswith("/?authorize=%2Fauthorize%3F")
    # With a session, prompt=login still goes to the page (fresh=1), carrying a ticket signed by the server.
    session, _ = register(server)
    url, _ = authorize_url(server, client["clientId"], callback.uri, challenge, prompt="login")
    status, headers, _ = request("GET", url, headers=cookie(session))
    assert status == 303 and headers["Location"].startswith("/?authorize=") and headers["Location"].endswith("&fresh=1")
    continuation = urllib.parse.parse_qs(urllib.parse.urlsplit(headers["Location"]).query)["authorize"][0]
    # Coming back without a ceremony since: the page again, never a code.
    status, headers, _ = request("GET", server["url"] + continuation, headers=cookie(session))
    assert status == 303 and headers["Location"].startswith("/?authorize=")
    # A forged ticket (an old time) is not the server's: the page again.
    forged = continuation.replace("passkeys_login=", "passkeys_login=1000.")
    status, headers, _ = request("GET", server["url"] + forged, headers=cookie(session))
    assert status == 303 and headers["Location"].startswith("/?authorize=")


def test_state_and_nonce_come_back_unchanged(server, client, callback):
    session, _ = register(server)
    verifier, challenge = pkce()
    state = "a b&c=d/é?#"
    url, parameters = authorize_url(server, client["clientId"], callback.uri, challenge, state=state, nonce="n 1&2")
    status, headers, _ = request("GET", url, headers=cookie(session))
    _, query = redirected_query(headers)
    assert query["state"] == state
    status, _, body = exchange(server, client, callback, query["code"], verifier)
    claims = verify_id_token(server, body["id_token"], client["clientId"], "n 1&2", body["access_token"])
    assert claims["nonce"] == "n 1&2"


def test_a_cross_site_form_post_to_authorize_gets_no_code_without_the_users_cookie(server, client, callback):
    # A page on another site posts the form: the browser sends the SameSite=Lax cookie on no cross-site POST, so the
    # user is sent to sign in, and a code would still go only to the registered redirect URI with the client's state.
    _, challenge = pkce()
    _, parameters = authorize_url(server, client["clientId"], callback.uri, challenge)
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"}
    status, answer, _ = request("POST", server["url"] + "/authorize", urllib.parse.urlencode(parameters), headers)
    assert status == 303 and answer["Location"].startswith("/?authorize=")
    # The form POST itself is the Core §3.1.2.1 way: with the session it answers like GET.
    session, _ = register(server)
    headers.update(cookie(session))
    status, answer, _ = request("POST", server["url"] + "/authorize", urllib.parse.urlencode(parameters), headers)
    location, query = redirected_query(answer)
    assert status == 303 and location.startswith(callback.uri + "?") and query["code"]
    # An unregistered redirect URI by POST: shown, never redirected to.
    parameters["redirect_uri"] = "https://evil.example/callback"
    status, answer, _ = request("POST", server["url"] + "/authorize", urllib.parse.urlencode(parameters), headers)
    assert status == 400 and "Location" not in answer


def test_ending_the_session_ends_refresh_tokens_and_userinfo(server, client, callback):
    session, _ = register(server)
    code, verifier = code_for(server, client, callback, session)
    _, _, tokens = exchange(server, client, callback, code, verifier)
    bearer = {"Authorization": "Bearer " + tokens["access_token"]}
    assert request("GET", server["url"] + "/userinfo", headers=bearer)[0] == 200
    status, _, _ = request("DELETE", server["url"] + "/session", headers={"Authorization": f"Bearer {session}"})
    assert status == 200
    status, headers, _ = request("GET", server["url"] + "/userinfo", headers=bearer)
    assert status == 401 and 'error="invalid_token"' in headers["WWW-Authenticate"]
    status, _, body = token_request(
        server, {"grant_type": "refresh_token", "refresh_token": tokens["refresh_token"]}, (client["clientId"], client["clientSecret"]))
    assert status == 400 and body["error"] == "invalid_grant"


def test_an_app_session_token_is_not_an_access_token_for_userinfo(server):
    session, _ = register(server)
    status, _, text = request("POST", server["url"] + "/session/token", "{}",
                              {"Authorization": f"Bearer {session}", "Content-Type": "application/json"})
    token = json.loads(text)["token"]
    status, _, _ = request("GET", server["url"] + "/userinfo", headers={"Authorization": "Bearer " + token})
    assert status == 401


def test_rp_initiated_logout_ends_the_session_only_with_the_users_id_token(server, callback):
    app = create_client(server, callback.uri, "--post-logout-redirect-uri", callback.uri + "/signed-out", name="chat")
    session, _ = register(server)
    code, verifier = code_for(server, app, callback, session)
    _, _, tokens = exchange(server, app, callback, code, verifier)
    signed_in = lambda: request("GET", server["url"] + "/session", headers=cookie(session))[0] == 200  # noqa: E731
    end = server["url"] + "/end-session?"

    # Unregistered return address, or a hint this server did not issue: shown, never redirected to, nothing ended.
    status, headers, _ = request("GET", end + urllib.parse.urlencode(
        {"id_token_hint": tokens["id_token"], "post_logout_redirect_uri": "https://evil.example/"}), headers=cookie(session))
    assert status == 400 and "Location" not in headers and signed_in()
    forged = tokens["id_token"][:-4] + ("AAAA" if not tokens["id_token"].endswith("AAAA") else "BBBB")
    status, headers, _ = request("GET", end + urllib.parse.urlencode({"id_token_hint": forged}), headers=cookie(session))
    assert status == 400 and "Location" not in headers and signed_in()
    # No hint (a link on any site): the page, and the session stays.
    status, headers, _ = request("GET", end + urllib.parse.urlencode(
        {"client_id": app["clientId"], "post_logout_redirect_uri": callback.uri + "/signed-out"}), headers=cookie(session))
    assert status == 303 and headers["Location"] == "/" and signed_in()
    # The user's own ID token: signed out, back at the app with its state; the refresh token ends with the session.
    status, headers, _ = request("GET", end + urllib.parse.urlencode(
        {"id_token_hint": tokens["id_token"], "post_logout_redirect_uri": callback.uri + "/signed-out", "state": "bye"}),
        headers=cookie(session))
    assert status == 303 and headers["Location"] == callback.uri + "/signed-out?state=bye"
    assert "Max-Age=0" in headers["Set-Cookie"] and not signed_in()
    status, _, body = token_request(
        server, {"grant_type": "refresh_token", "refresh_token": tokens["refresh_token"]}, (app["clientId"], app["clientSecret"]))
    assert status == 400 and body["error"] == "invalid_grant"
