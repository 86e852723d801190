"""Webhooks checked by a receiver that trusts nothing of ours.

Every delivery is verified with `standardwebhooks`, the Standard Webhooks project's own Python library, against a
running `passkeys serve`; the ceremonies are made by the software authenticator (`passkeys bridge`) over plain HTTP.

- Every event type is raised by its flow, signed, and names its account as GET /session does.
- A receiver that fails, then is gone, then a `kill -9` of the server with events pending: every event still arrives,
  in order per user, each attempt of one event under one webhook-id and signed anew.
- Two instances on one PostgreSQL deliver each event once.

PASSKEYS_BIN: the built `passkeys`. PASSKEYS_TEST_WEBHOOKS_POSTGRES_URL: a PostgreSQL database of its own for the
two-instance test (skipped without it).
"""
import json
import os
import signal
import socket
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from standardwebhooks.webhooks import Webhook, WebhookVerificationError

BINARY = os.environ.get("PASSKEYS_BIN", os.path.join(os.path.dirname(__file__), "../../.build/debug/passkeys"))
# Retries for tests: first after 0.2 s, at most 1 s apart (the defaults are 2 s and 5 minutes; docs/events.md).
FAST_RETRIES = ["--webhook-retry-delay", "0.2", "--webhook-retry-max-delay", "1"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until(condition, seconds, what):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    raise AssertionError(f"not within {seconds} s: {what}")


class Receiver:
    """An HTTP receiver on loopback that verifies each delivery with standardwebhooks and keeps the verified ones.

    `answer` is the status it gives (200 to accept); `stop()` and `start()` take it off the network and back on the
    same port."""

    def __init__(self, secret):
        self.webhook = Webhook(secret)
        self.port = free_port()
        self.answer = 200
        self.attempts = []  # every verified attempt: (webhook-id, webhook-timestamp, signature, event)
        self.accepted = []  # events answered 2xx, in arrival order (duplicates included)
        self.unverified = []
        self.lock = threading.Lock()
        self.server = None
        self.start()

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}/hooks/passkeys"

    def start(self):
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                headers = {k: v for k, v in self.headers.items()}
                try:
                    event = receiver.webhook.verify(body, headers)
                except WebhookVerificationError as error:
                    with receiver.lock:
                        receiver.unverified.append((headers, body, str(error)))
                    self.send_response(400)
                    self.end_headers()
                    return
                with receiver.lock:
                    receiver.attempts.append((headers["webhook-id"], headers["webhook-timestamp"], headers["webhook-signature"], event))
                    status = receiver.answer
                    if 200 <= status < 300:
                        receiver.accepted.append(event)
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()

    def events(self):
        with self.lock:
            return list(self.accepted)

    def unique(self):
        """Accepted events without duplicates (a receiver drops a webhook-id it has seen), in arrival order."""
        seen, events = set(), []
        for event in self.events():
            if event["id"] not in seen:
                seen.add(event["id"])
                events.append(event)
        return events


class Server:
    """A `passkeys serve` process."""

    def __init__(self, folder, database, receivers, extra=(), port=None):
        self.port = port or free_port()
        self.origin = f"http://localhost:{self.port}"
        arguments = [BINARY, "serve", "--port", str(self.port), "--rp-id", "localhost", "--database", database, "--metadata-url", "off"]
        for index, receiver in enumerate(receivers):
            secret_file = os.path.join(folder, f"secret-{index}")
            with open(secret_file, "w") as f:
                f.write(receiver.secret + "\n")
            arguments += ["--webhook-url", receiver.url, "--webhook-secret-file", secret_file]
        self.log = open(os.path.join(folder, f"server-{self.port}.log"), "ab")
        self.process = subprocess.Popen(arguments + list(extra), stdout=self.log, stderr=self.log)
        wait_until(self.ready, 20, f"passkeys serve on port {self.port}")

    def ready(self):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/readyz", timeout=1) as answer:
                return answer.status == 200
        except (urllib.error.URLError, ConnectionError):
            return False

    def call(self, method, path, body=None, session=None):
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if session:
            request.add_header("Authorization", f"Bearer {session}")
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())

    def ok(self, method, path, body=None, session=None):
        status, answer = self.call(method, path, body, session)
        assert status == 200, f"{method} {path}: {status} {answer}"
        return answer

    def kill9(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=20)


class Authenticator:
    """The software authenticator behind `passkeys bridge`, with its own credential file."""

    def __init__(self, folder, name, origin):
        self.process = subprocess.Popen(
            [BINARY, "bridge", "--origin", origin, "--store", os.path.join(folder, f"{name}.json")],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def call(self, action, answer):
        options = {k: v for k, v in answer.items() if k not in ("status", "errorMessage", "mediation")}
        self.process.stdin.write(json.dumps({"action": action, "options": options}) + "\n")
        self.process.stdin.flush()
        reply = json.loads(self.process.stdout.readline())
        assert reply["ok"], reply
        return reply["data"]

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=10)


def sign_up(server, authenticator, username, session=None):
    options = server.ok("POST", "/attestation/options", {"username": username, "displayName": username}, session)
    return server.ok("POST", "/attestation/result", authenticator.call("create", options))


def sign_in(server, authenticator, username):
    options = server.ok("POST", "/assertion/options", {"username": username})
    return server.ok("POST", "/assertion/result", authenticator.call("get", options))


def step_up(server, authenticator, session):
    options = server.ok("POST", "/session/verify/options", {}, session)
    return server.ok("POST", "/session/verify/result", authenticator.call("get", options), session)


@pytest.fixture
def folder():
    with tempfile.TemporaryDirectory() as path:
        yield path


def new_secret():
    return subprocess.run([BINARY, "events", "secret"], check=True, capture_output=True, text=True).stdout.strip()


def make_receiver():
    secret = new_secret()
    receiver = Receiver(secret)
    receiver.secret = secret
    return receiver


def test_every_event_type_is_signed_and_names_its_account(folder):
    receiver = make_receiver()
    server = Server(folder, f"sqlite:{folder}/events.sqlite", [receiver], FAST_RETRIES + ["--webhook-failures", "--webhook-failure-window", "1"])
    first, second, third = (Authenticator(folder, name, server.origin) for name in ("first", "second", "third"))
    try:
        signed_up = sign_up(server, first, "ada")
        account = server.ok("GET", "/session", session=signed_up["session"])["user"]
        session = signed_up["session"]
        codes = signed_up["recoveryCodes"]
        other = sign_in(server, first, "ada")["session"]  # session.created
        step_up(server, first, session)  # step-up.completed
        added = sign_up(server, second, "ada", session=session)  # passkey.created, session.created
        credential = added["credential"]["id"]
        server.ok("PATCH", f"/credentials/{credential}", {"name": "Backup key"}, session)  # passkey.renamed
        server.ok("DELETE", f"/credentials/{credential}", session=session)  # passkey.deleted, session.revoked (passkey-removal)
        server.ok("DELETE", "/sessions", session=session)  # session.revoked (sign-out-everywhere): `other`
        server.ok("POST", "/recovery-codes", {}, session)  # recovery-codes.regenerated
        codes = server.ok("POST", "/recovery-codes", {}, session)["recoveryCodes"]
        server.ok("DELETE", "/session", session=session)  # session.revoked (sign-out)
        status, refused = server.call("POST", "/recovery", {"username": "ada", "code": "0000-0000-0000-0000"})
        assert status == 400 and refused["code"] == "invalidRecoveryCode"  # counted in failures.summary
        recovery = server.ok("POST", "/recovery", {"username": "ada", "code": codes[0]})["session"]  # recovery.used, session.created
        restored = sign_up(server, third, "ada", session=recovery)  # passkey.created, session.revoked (recovery), session.created
        server.ok("DELETE", "/account", session=restored["session"])  # user.deleted

        expected = {
            "user.created", "user.deleted", "passkey.created", "passkey.renamed", "passkey.deleted", "session.created",
            "session.revoked", "recovery.used", "recovery-codes.regenerated", "step-up.completed", "failures.summary",
        }
        wait_until(lambda: expected <= {e["type"] for e in receiver.events()}
                   and sum(e["type"] == "session.revoked" for e in receiver.events()) >= 4, 20, "every event type")
        events = receiver.unique()
        assert not receiver.unverified, receiver.unverified
        for event in events:
            assert set(event) == {"id", "type", "timestamp", "data"}, event
            assert event["id"].startswith("evt_")
            if event["type"] != "failures.summary":
                assert event["data"]["user"]["id"] == account["id"], event
                assert event["data"]["user"]["name"] == "ada", event
            # Never a secret: no session token, no recovery code anywhere in a body.
            body = json.dumps(event)
            assert session not in body and other not in body and recovery not in body
            assert not any(code in body for code in codes)
        # The passkey's session, the other session, the asking session itself, the recovery session: in that order.
        reasons = [e["data"]["reason"] for e in events if e["type"] == "session.revoked"]
        assert reasons == ["passkey-removal", "sign-out-everywhere", "sign-out", "recovery"], reasons
        summary = next(e for e in events if e["type"] == "failures.summary")
        assert summary["data"]["counts"]["invalidRecoveryCode"] >= 1
        assert [e["type"] for e in events if "user" in e["data"]][:3] == ["user.created", "passkey.created", "session.created"]
        renamed = next(e for e in events if e["type"] == "passkey.renamed")
        assert renamed["data"]["credential"] == {"id": credential, "name": "Backup key"}
        # A session is named by the same sid when it starts and when it ends.
        started = {e["data"]["session"]["id"] for e in events if e["type"] == "session.created"}
        ended = {e["data"]["session"]["id"] for e in events if e["type"] == "session.revoked"}
        assert ended <= started, (ended, started)
    finally:
        for authenticator in (first, second, third):
            authenticator.close()
        server.stop()
        receiver.stop()


def test_outage_and_kill9_lose_nothing_and_keep_each_users_order(folder):
    receiver = make_receiver()
    database = f"sqlite:{folder}/outage.sqlite"
    server = Server(folder, database, [receiver], FAST_RETRIES)
    authenticators = [Authenticator(folder, f"user{index}", server.origin) for index in range(3)]
    try:
        receiver.answer = 500  # the receiver fails every event: each is retried, and holds back its user's later ones
        sessions = {}
        for index, authenticator in enumerate(authenticators):
            sessions[index] = sign_up(server, authenticator, f"user{index}")["session"]
        # Retries of one event over more than a second: each under the same id, at its own timestamp.
        wait_until(lambda: len({a[0] for a in receiver.attempts}) >= 3
                   and len({a[1] for a in receiver.attempts if a[0] == receiver.attempts[0][0]}) >= 2, 15, "retries")
        receiver.stop()  # then it is gone altogether
        for index, authenticator in enumerate(authenticators):
            sign_in(server, authenticator, f"user{index}")
            server.ok("DELETE", "/session", session=sessions[index])
        time.sleep(1)
        server.kill9()  # with every event still pending
        receiver.answer = 200
        receiver.start()
        returned = time.monotonic()
        server = Server(folder, database, [receiver], FAST_RETRIES, port=server.port)
        expected = ["user.created", "passkey.created", "session.created", "session.created", "session.revoked"]
        wait_until(lambda: len(receiver.unique()) >= 3 * len(expected), 60, "every event after the restart")
        assert time.monotonic() - returned < 60
        by_user = {}
        for event in receiver.unique():
            by_user.setdefault(event["data"]["user"]["name"], []).append(event["type"])
        assert by_user == {f"user{index}": expected for index in range(3)}, by_user
        # Every attempt of one event: the same webhook-id, each verified on its own; retries were signed anew.
        first = receiver.attempts[0][0]
        tries = [a for a in receiver.attempts if a[0] == first]
        assert all(a[3]["id"] == first for a in tries)
        signatures = {a[1]: a[2] for a in tries}
        assert len(signatures) >= 2 and len(set(signatures.values())) == len(signatures), "a new signature for each timestamp"
    finally:
        for authenticator in authenticators:
            authenticator.close()
        server.stop()
        receiver.stop()


@pytest.mark.skipif(not os.environ.get("PASSKEYS_TEST_WEBHOOKS_POSTGRES_URL"), reason="needs PASSKEYS_TEST_WEBHOOKS_POSTGRES_URL")
def test_two_instances_on_one_postgresql_deliver_each_event_once(folder):
    receiver = make_receiver()
    database = os.environ["PASSKEYS_TEST_WEBHOOKS_POSTGRES_URL"]
    servers = [Server(folder, database, [receiver], FAST_RETRIES) for _ in range(2)]
    authenticators = []
    try:
        for index in range(6):
            server = servers[index % 2]
            authenticator = Authenticator(folder, f"pg{index}", server.origin)
            authenticators.append(authenticator)
            name = f"pg-{index}-{os.getpid()}"
            session = sign_up(server, authenticator, name)["session"]
            server.ok("DELETE", "/session", session=session)
        wait_until(lambda: len(receiver.events()) >= 6 * 4, 30, "every event")
        time.sleep(2)  # anything sent twice would have come by now
        ids = [e["id"] for e in receiver.events()]
        assert len(ids) == 6 * 4 and len(set(ids)) == len(ids), "each event once"
        delivering = [metric(s, "passkeys_events_delivering") for s in servers]
        assert sorted(delivering) == [0, 1], delivering
    finally:
        for authenticator in authenticators:
            authenticator.close()
        for server in servers:
            server.stop()
        receiver.stop()


def metric(server, name):
    with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/metrics", timeout=5) as answer:
        for line in answer.read().decode().splitlines():
            if line.startswith(name + " "):
                return int(float(line.split()[-1]))
    raise AssertionError(f"no {name}")
