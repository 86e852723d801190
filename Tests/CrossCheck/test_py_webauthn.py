"""Independent cross-check: registrations and assertions made by this project's software authenticator
(through `passkeys bridge`) must verify with py_webauthn, so the authenticator is not only checked by our own
verifier. PASSKEYS_BIN: the built `passkeys` executable."""
import json
import os
import subprocess
import tempfile

import pytest
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers.cose import COSEAlgorithmIdentifier
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

BINARY = os.environ.get("PASSKEYS_BIN", os.path.join(os.path.dirname(__file__), "../../.build/debug/passkeys"))
ORIGIN = "https://login.example.com"
RP_ID = "example.com"


class Bridge:
    """One long-lived `passkeys bridge` process: one message per line in, one reply per line out."""

    def __init__(self, store):
        self.process = subprocess.Popen(
            [BINARY, "bridge", "--origin", ORIGIN, "--store", store],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def call(self, action, options):
        self.process.stdin.write(json.dumps({"action": action, "options": options}) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def close(self):
        self.process.stdin.close()
        assert self.process.wait(timeout=10) == 0


@pytest.fixture
def bridge():
    with tempfile.TemporaryDirectory() as folder:
        b = Bridge(os.path.join(folder, "credentials.json"))
        yield b
        b.close()


@pytest.mark.parametrize("algorithm", [
    COSEAlgorithmIdentifier.ECDSA_SHA_256, COSEAlgorithmIdentifier.EDDSA, COSEAlgorithmIdentifier.RSASSA_PKCS1_v1_5_SHA_256,
])
def test_registration_and_assertions_verify_with_py_webauthn(bridge, algorithm):
    registration = generate_registration_options(
        rp_id=RP_ID, rp_name="Example", user_name="ada", user_display_name="Ada",
        supported_pub_key_algs=[algorithm],
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED, user_verification=UserVerificationRequirement.REQUIRED),
    )
    reply = bridge.call("create", json.loads(options_to_json(registration)))
    assert reply["ok"], reply
    verified = verify_registration_response(
        credential=reply["data"], expected_challenge=registration.challenge, expected_origin=ORIGIN,
        expected_rp_id=RP_ID, require_user_verification=True)
    assert verified.credential_id
    assert verified.user_verified

    sign_count = verified.sign_count
    for _ in range(2):
        authentication = generate_authentication_options(
            rp_id=RP_ID, allow_credentials=[PublicKeyCredentialDescriptor(id=verified.credential_id)],
            user_verification=UserVerificationRequirement.REQUIRED)
        reply = bridge.call("get", json.loads(options_to_json(authentication)))
        assert reply["ok"], reply
        assertion = verify_authentication_response(
            credential=reply["data"], expected_challenge=authentication.challenge, expected_rp_id=RP_ID,
            expected_origin=ORIGIN, credential_public_key=verified.credential_public_key,
            credential_current_sign_count=sign_count, require_user_verification=True)
        assert assertion.new_sign_count > sign_count
        sign_count = assertion.new_sign_count


def test_discoverable_assertion_carries_the_user_handle(bridge):
    registration = generate_registration_options(
        rp_id=RP_ID, rp_name="Example", user_name="grace", user_id=b"grace-handle",
        authenticator_selection=AuthenticatorSelectionCriteria(resident_key=ResidentKeyRequirement.REQUIRED))
    reply = bridge.call("create", json.loads(options_to_json(registration)))
    verified = verify_registration_response(
        credential=reply["data"], expected_challenge=registration.challenge, expected_origin=ORIGIN, expected_rp_id=RP_ID)
    authentication = generate_authentication_options(rp_id=RP_ID)
    reply = bridge.call("get", json.loads(options_to_json(authentication)))
    assert reply["ok"], reply
    assert reply["data"]["response"]["userHandle"] == "Z3JhY2UtaGFuZGxl"
    verify_authentication_response(
        credential=reply["data"], expected_challenge=authentication.challenge, expected_rp_id=RP_ID,
        expected_origin=ORIGIN, credential_public_key=verified.credential_public_key,
        credential_current_sign_count=verified.sign_count)


def test_non_discoverable_credential_needs_allow_credentials(bridge):
    """py_webauthn's default asks for residentKey 'discouraged': such a credential is not offered without its ID."""
    registration = generate_registration_options(rp_id=RP_ID, rp_name="Example", user_name="hopper")
    reply = bridge.call("create", json.loads(options_to_json(registration)))
    assert reply["ok"], reply
    reply = bridge.call("get", json.loads(options_to_json(generate_authentication_options(rp_id=RP_ID))))
    assert reply["ok"] is False and reply["code"] == "noCredentials"


def test_bridge_errors_carry_dom_exception_names(bridge):
    authentication = generate_authentication_options(rp_id=RP_ID)
    reply = bridge.call("get", json.loads(options_to_json(authentication)))
    assert reply == {"ok": False, "errMsg": reply["errMsg"], "name": "NotAllowedError", "code": "noCredentials"}
    foreign = generate_authentication_options(rp_id="evil.example")
    reply = bridge.call("get", json.loads(options_to_json(foreign)))
    assert reply["name"] == "SecurityError" and reply["code"] == "rpIdNotAllowed"
