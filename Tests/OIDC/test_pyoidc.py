"""pyoidc (PyPI's `oic`, OpenID Certified), with its default settings, against `passkeys serve` as its OpenID Provider:
discovery, the code flow without PKCE (pyoidc sends none unless told, so the client is registered with `--pkce
optional`), the ID token verified by pyoidc against the JWKS, userinfo by its default POST with the token in the
body, a refresh, and RFC 7009 revocation through pyoidc's HTTP client (pyoidc has no revocation call of its own).
A second library beside Authlib (test_oidc.py), so the provider is not shaped to one client's habits.
"""
import base64
import urllib.parse

import pytest
from oic import rndstr
from oic.oic import Client
from oic.oic.message import AccessTokenResponse, AuthorizationResponse, OpenIDSchema, RegistrationResponse
from oic.utils.authn.client import CLIENT_AUTHN_METHOD

from oidc_support import Callback, create_client, redirected_query, register, request, start_server


@pytest.fixture(scope="module")
def server():
    yield from start_server()


@pytest.fixture(scope="module")
def callback():
    listener = Callback()
    yield listener
    listener.close()


def pyoidc_client(server, registered, redirect_uri):
    """A pyoidc Client as its documentation sets one up: discovery, then the static registration."""
    client = Client(client_authn_method=CLIENT_AUTHN_METHOD)
    info = client.provider_config(server["url"])
    assert info["issuer"] == server["url"]
    client.store_registration_info(RegistrationResponse(
        client_id=registered["clientId"], client_secret=registered["clientSecret"], redirect_uris=[redirect_uri]))
    return client


def sign_in(server, client, redirect_uri, session):
    """The code flow as pyoidc runs it by default: no PKCE, client_secret_basic at /token. (state, token response)."""
    state, nonce = rndstr(), rndstr()
    authorization = client.construct_AuthorizationRequest(request_args={
        "client_id": client.client_id, "response_type": "code", "scope": ["openid", "profile"], "nonce": nonce,
        "redirect_uri": redirect_uri, "state": state})
    url = authorization.request(client.authorization_endpoint)
    assert "code_challenge" not in url, "pyoidc's default sends no PKCE"
    status, headers, _ = request("GET", url, headers={"Cookie": f"passkeys_session={session}"})
    assert status == 303, status
    location, _ = redirected_query(headers)
    answer = client.parse_response(AuthorizationResponse, info=urllib.parse.urlsplit(location).query, sformat="urlencoded")
    assert answer["state"] == state
    tokens = client.do_access_token_request(
        state=state, request_args={"code": answer["code"]}, authn_method="client_secret_basic")
    assert isinstance(tokens, AccessTokenResponse), tokens
    # pyoidc verified the ID token's signature against the JWKS, its issuer, audience and times; the nonce is ours to check.
    assert tokens["id_token"]["nonce"] == nonce
    return state, tokens


def revoke(server, registered, token, hint):
    basic = base64.b64encode(f"{registered['clientId']}:{registered['clientSecret']}".encode()).decode()
    return request(
        "POST", server["url"] + "/revoke", urllib.parse.urlencode({"token": token, "token_type_hint": hint}),
        {"Content-Type": "application/x-www-form-urlencoded", "Authorization": "Basic " + basic})


def test_pyoidc_defaults_sign_in_refresh_userinfo_and_revoke(server, callback):
    registered = create_client(server, callback.uri, "--pkce", "optional", name="pyoidc")
    client = pyoidc_client(server, registered, callback.uri)
    session, user = register(server)
    state, tokens = sign_in(server, client, callback.uri, session)
    assert tokens["id_token"]["sub"] == user["id"] and tokens["id_token"]["preferred_username"] == user["name"]

    # Userinfo by pyoidc's default: a POST with the access token in the form (OpenID Connect Core §5.3.1).
    claims = client.do_user_info_request(state=state)
    assert isinstance(claims, OpenIDSchema) and claims["sub"] == user["id"]
    assert claims["preferred_username"] == user["name"]

    refreshed = client.do_access_token_refresh(state=state)
    assert isinstance(refreshed, AccessTokenResponse) and refreshed["refresh_token"] != tokens["refresh_token"]

    status, _, _ = revoke(server, registered, refreshed["refresh_token"], "refresh_token")
    assert status == 200
    again = client.do_access_token_refresh(state=state)
    assert again.get("error") == "invalid_grant", again
    status, _, body = request("GET", server["url"] + "/userinfo", headers={"Authorization": "Bearer " + refreshed["access_token"]})
    assert status == 401 and "invalid_token" in body


def test_pyoidc_against_a_client_that_requires_pkce_is_refused_at_authorize(server, callback):
    """The default client policy: pyoidc without PKCE is told so, at its redirect URI, in OAuth's words."""
    registered = create_client(server, callback.uri, name="pyoidc-strict")
    client = pyoidc_client(server, registered, callback.uri)
    session, _ = register(server)
    authorization = client.construct_AuthorizationRequest(request_args={
        "client_id": client.client_id, "response_type": "code", "scope": ["openid"], "nonce": rndstr(),
        "redirect_uri": callback.uri, "state": rndstr()})
    status, headers, _ = request("GET", authorization.request(client.authorization_endpoint),
                                 headers={"Cookie": f"passkeys_session={session}"})
    assert status == 303
    _, query = redirected_query(headers)
    assert query["error"] == "invalid_request" and "PKCE" in query["error_description"]
