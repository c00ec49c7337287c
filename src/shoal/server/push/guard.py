"""Where the server may send a push: the browsers' push services, never its own network.

A push subscription's ``endpoint`` is a URL the browser's vendor gave it, and the server
POSTs to it at every notification: a user who could subscribe any URL could make the server
send requests into its own network (SSRF). So an endpoint is taken, and a push sent, only
when it is

* ``https`` on the default port, to a host of :data:`BROWSER_SERVICES` (Chrome, Edge, Opera
  and the other Chromium browsers through Firebase Cloud Messaging, Firefox through Mozilla's
  autopush, Safari through Apple's, the Windows Push Notification Services) or of the
  operator's additions, and
* at an address that is public: every address its host resolves to, at subscription and
  again at each send (DNS may have changed meanwhile: the send resolves the host itself,
  refuses when any address is not public, and connects to an address it checked, never
  resolving twice); private, loopback, link-local, shared, reserved and multicast ranges
  are refused, IPv4 and IPv6.

The operator extends the list (``shoal serve --push-service ENTRY``, repeated, or the
environment variable ``SHOAL_PUSH_SERVICES``, entries separated by commas or spaces):

* a host or ``*.domain``, with a port when not 443 (``push.example.org``,
  ``*.push.example.org``, ``push.example.org:8443``): one more push service, under the same
  rules (https, public addresses);
* an origin with its scheme (``https://push.internal:8443``, ``http://127.0.0.1:8123``): a
  push service the operator runs, trusted as it is: that scheme, host and port, whatever
  addresses (the tests' local receiver is one).

Proxies from the environment are not used and redirects are not followed.

>>> policy = PushPolicy.of(["*.push.example.org", "http://127.0.0.1:8123"])
>>> policy.check_url("https://fcm.googleapis.com/fcm/send/abc")
Target(host='fcm.googleapis.com', port=443, trusted=False)
>>> policy.check_url("http://127.0.0.1:8123/push/x").trusted
True
>>> policy.check_url("http://127.0.0.1:9/push/x")
Traceback (most recent call last):
...
shoal.server.push.guard.PushRefused: a push endpoint is https (not http)
>>> public("10.0.0.1"), public("::ffff:127.0.0.1"), public("169.254.169.254"), public("8.8.8.8")
(False, False, False, True)
"""

from __future__ import annotations

import asyncio
import dataclasses
import ipaddress
import re
import socket
import urllib.parse
from collections.abc import Iterable
from typing import Any

__all__ = [
    "BROWSER_SERVICES",
    "ENVIRONMENT",
    "PushPolicy",
    "PushRefused",
    "Target",
    "addresses",
    "parse_services",
    "public",
]

BROWSER_SERVICES = (
    "fcm.googleapis.com",  # Firebase Cloud Messaging: Chrome, Edge on Android, Opera, Brave...
    "android.googleapis.com",  # its older endpoints (/gcm/send/...)
    "updates.push.services.mozilla.com",  # Mozilla autopush: Firefox
    "*.push.apple.com",  # Apple: Safari (web.push.apple.com)
    "*.notify.windows.com",  # Windows Push Notification Services: Edge on Windows
)
"""The browsers' push services: a host, or ``*.`` and a domain for any host under it."""

ENVIRONMENT = "SHOAL_PUSH_SERVICES"
"""The environment variable with the operator's additions (see the module)."""

_HOST = re.compile(
    r"((?:\*\.)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)"
    r"(?::([0-9]{1,5}))?"
)
_DEFAULT_PORTS = {"http": 80, "https": 443}


class PushRefused(ValueError):
    """The endpoint is not one the server pushes to (the message says why)."""


def public(address: str) -> bool:
    """Whether ``address`` (IPv4 or IPv6, an IPv4-mapped one included) is a public one."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not ip.is_multicast


def parse_services(text: str) -> tuple[str, ...]:
    """The entries of :data:`ENVIRONMENT`'s value (commas or spaces between them)."""
    return tuple(entry for entry in re.split(r"[\s,]+", text) if entry)


@dataclasses.dataclass(frozen=True)
class Target:
    """A checked endpoint: its host and port, and whether the operator trusts its origin."""

    host: str
    port: int
    trusted: bool


@dataclasses.dataclass(frozen=True)
class PushPolicy:
    """The push services allowed: host patterns with their port (checked) and origins
    (trusted)."""

    hosts: tuple[tuple[str, int], ...] = tuple((host, 443) for host in BROWSER_SERVICES)
    origins: tuple[tuple[str, str, int], ...] = ()

    @classmethod
    def of(cls, extra: Iterable[str] = ()) -> PushPolicy:
        """The browsers' services and the operator's ``extra`` entries (ValueError with words
        for an entry that is neither a host, ``*.domain``, nor an origin)."""
        hosts = [(host, 443) for host in BROWSER_SERVICES]
        origins: list[tuple[str, str, int]] = []
        for entry in extra:
            if "://" in entry:
                try:
                    parts = urllib.parse.urlsplit(entry)
                    port = parts.port
                except ValueError:
                    parts, port = urllib.parse.urlsplit(""), -1
                if (
                    parts.scheme not in _DEFAULT_PORTS
                    or not parts.hostname
                    or parts.path not in ("", "/")
                    or parts.query
                    or parts.username
                    or port == -1
                ):
                    raise ValueError(
                        f"the push service {entry!r} is not an origin such as "
                        "https://push.example.org:8443 or http://127.0.0.1:8123"
                    )
                origins.append((parts.scheme, parts.hostname, port or _DEFAULT_PORTS[parts.scheme]))
            elif (found := _HOST.fullmatch(entry.lower())) and int(found.group(2) or 443) < 65536:
                hosts.append((found.group(1), int(found.group(2) or 443)))
            else:
                raise ValueError(
                    f"the push service {entry!r} is not a host (push.example.org:8443), a "
                    "domain (*.push.example.org) or an origin (https://push.example.org:8443)"
                )
        return cls(tuple(hosts), tuple(origins))

    def trusts(self, scheme: str, host: str, port: int) -> bool:
        """Whether the operator named this origin (then any address goes)."""
        return (scheme, host.lower(), port) in self.origins

    def _listed(self, host: str, port: int) -> bool:
        return any(
            (host.endswith(pattern[1:]) if pattern.startswith("*.") else host == pattern)
            and port == listed
            for pattern, listed in self.hosts
        )

    def check_url(self, url: str) -> Target:
        """The endpoint's target, or :class:`PushRefused` saying why it is not one."""
        try:
            parts = urllib.parse.urlsplit(url)
            port = parts.port
        except ValueError:
            raise PushRefused("the push endpoint is not a URL") from None
        host = (parts.hostname or "").rstrip(".")
        if not host or parts.scheme not in _DEFAULT_PORTS:
            raise PushRefused("a push endpoint is the push service's URL (https://...)")
        port = port or _DEFAULT_PORTS[parts.scheme]
        if self.trusts(parts.scheme, host, port):
            return Target(host, port, True)
        if parts.scheme != "https":
            raise PushRefused(f"a push endpoint is https (not {parts.scheme})")
        if parts.username is not None:
            raise PushRefused("a push endpoint names no user")
        if not self._listed(host, port):
            where = host if port == 443 else f"{host}:{port}"
            raise PushRefused(
                f"{where} is not a browser's push service (the server pushes only to those "
                "and to the ones its operator adds)"
            )
        return Target(host, port, False)

    async def check_subscription(self, url: str) -> None:
        """:meth:`check_url`, and (unless trusted) every address of its host public."""
        target = self.check_url(url)
        if not target.trusted:
            await asyncio.to_thread(addresses, target.host, target.port)

    def session(self) -> Any:
        """A ``requests`` session that sends only where this policy allows: each request's URL
        is checked, and each new connection's peer address unless its origin is trusted."""
        return _session(self)


def addresses(host: str, port: int) -> list[str]:
    """The addresses of ``host``, every one public (:class:`PushRefused` otherwise, or when it
    does not resolve)."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError:
        raise PushRefused(f"the push service's host {host} does not resolve") from None
    listed = [str(address[0]) for *_, address in found]
    if not listed or not all(public(address) for address in listed):
        raise PushRefused(f"the push service's host {host} resolves to a private address")
    return listed


def _session(policy: PushPolicy) -> Any:
    # here, not at the top: requests and urllib3 load with pywebpush, at the first push
    import requests
    from requests.adapters import HTTPAdapter
    from urllib3.connection import HTTPSConnection
    from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool

    class CheckedConnection(HTTPSConnection):
        """Resolves its host itself, refuses unless every address is public, and connects
        to one it checked (TLS still checks the certificate against the host's name)."""

        def _new_conn(self) -> socket.socket:
            if policy.trusts("https", self.host, self.port or 443):
                return super()._new_conn()
            host = self._dns_host  # urllib3 2 connects to _dns_host, and checks TLS on .host
            self._dns_host = addresses(host, self.port or 443)[0]
            try:
                sock = super()._new_conn()
            finally:
                self._dns_host = host
            if not public(str(sock.getpeername()[0])):  # cannot happen; kept as a last guard
                sock.close()
                raise PushRefused(f"the push service's host {self.host} is at a private address")
            return sock

    class CheckedPool(HTTPSConnectionPool):
        ConnectionCls = CheckedConnection

    class CheckedAdapter(HTTPAdapter):
        def init_poolmanager(self, *args: Any, **kwargs: Any) -> None:
            super().init_poolmanager(*args, **kwargs)
            self.poolmanager.pool_classes_by_scheme = {
                "http": HTTPConnectionPool,
                "https": CheckedPool,
            }

        def send(self, request: Any, *args: Any, **kwargs: Any) -> Any:
            policy.check_url(str(request.url))
            return super().send(request, *args, **kwargs)

    session = requests.Session()
    session.trust_env = False  # no proxy from the environment: the peer is the push service
    session.max_redirects = 0
    adapter = CheckedAdapter(max_retries=0)
    session.mount("https://", adapter)
    session.mount("http://", adapter)
    return session
