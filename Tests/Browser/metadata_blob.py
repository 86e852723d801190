"""A FIDO MDS3 BLOB signed by a root made here, for starting `passkeys serve --metadata` in the browser tests.

It lists the AAGUID of Chromium's CTAP2 virtual authenticator with localized names and icons (Metadata Statement
3.1.1), and an attestation root that is not Chromium's batch certificate, so the model is known but its
self-signed attestation is not (the server must refuse "direct" registrations from it).
"""
import base64
import datetime
import json

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
from cryptography.x509.oid import NameOID

CHROMIUM_CTAP2_AAGUID = "01020304-0506-0708-0102-030405060708"
LIGHT_ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#2f4ac0"/></svg>'
DARK_ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#91a7ff"/></svg>'


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def certificate(subject, issuer, public_key, signing_key, ca):
    now = datetime.datetime.now(datetime.timezone.utc)
    builder = (x509.CertificateBuilder().subject_name(subject).issuer_name(issuer).public_key(public_key)
               .serial_number(x509.random_serial_number())
               .not_valid_before(now - datetime.timedelta(days=1)).not_valid_after(now + datetime.timedelta(days=30)))
    builder = builder.add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
    return builder.sign(signing_key, hashes.SHA256())


def write(folder):
    """Writes blob.jwt and root.pem into `folder`; returns their paths."""
    root_key, signer_key, model_root_key = (ec.generate_private_key(ec.SECP256R1()) for _ in range(3))
    root_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Browser test MDS root")])
    signer_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Browser test MDS signer")])
    model_root_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Not Chromium's batch certificate")])
    root = certificate(root_name, root_name, root_key.public_key(), root_key, True)
    signer = certificate(signer_name, root_name, signer_key.public_key(), root_key, False)
    model_root = certificate(model_root_name, model_root_name, model_root_key.public_key(), model_root_key, True)
    svg = lambda text: "data:image/svg+xml;base64," + base64.b64encode(text.encode()).decode()
    payload = {
        "legalHeader": "browser test", "no": 1,
        "nextUpdate": (datetime.date.today() + datetime.timedelta(days=30)).isoformat(),
        "entries": [{
            "aaguid": CHROMIUM_CTAP2_AAGUID,
            "metadataStatement": {
                "description": "Chromium virtual authenticator",
                "friendlyNames": {"en-US": "Chromium test authenticator", "de-DE": "Chromium-Testauthentifikator"},
                "icon": svg(LIGHT_ICON), "iconDark": svg(DARK_ICON),
                "attestationRootCertificates": [base64.b64encode(model_root.public_bytes(serialization.Encoding.DER)).decode()],
            },
            "statusReports": [{"status": "FIDO_CERTIFIED_L1", "effectiveDate": "2025-01-01"}],
            "timeOfLastStatusChange": "2025-01-01",
        }],
    }
    header = {"alg": "ES256", "typ": "JWT", "x5c": [base64.b64encode(signer.public_bytes(serialization.Encoding.DER)).decode()]}
    signing_input = b64url(json.dumps(header).encode()) + "." + b64url(json.dumps(payload).encode())
    r, s = decode_dss_signature(signer_key.sign(signing_input.encode(), ec.ECDSA(hashes.SHA256())))
    jwt = signing_input + "." + b64url(r.to_bytes(32, "big") + s.to_bytes(32, "big"))
    blob_path, root_path = f"{folder}/blob.jwt", f"{folder}/root.pem"
    with open(blob_path, "w") as out:
        out.write(jwt)
    with open(root_path, "wb") as out:
        out.write(root.public_bytes(serialization.Encoding.PEM))
    return blob_path, root_path
