"""The installable app's manifest (issue 43): served with its type, every icon there at its size."""

from __future__ import annotations

from PIL import Image

from shoal.server.files import WEB_DIR
from tests.clients import TestClient


def test_the_manifest_names_the_app_its_icons_colours_start_url_and_standalone(
    client: TestClient,
) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/manifest+json")
    manifest = response.json()
    assert manifest["name"].startswith("shoal") and manifest["short_name"] == "shoal"
    assert manifest["display"] == "standalone" and manifest["start_url"].startswith("/")
    assert manifest["theme_color"] == "#1f6f8b" and manifest["background_color"]
    sizes = set()
    for icon in manifest["icons"]:
        served = client.get(icon["src"])
        assert served.status_code == 200, icon["src"]
        width, height = (int(n) for n in icon["sizes"].split("x"))
        with Image.open(WEB_DIR / icon["src"].removeprefix("/static/")) as image:
            assert image.size == (width, height), icon["src"]
        sizes.add((width, icon["purpose"]))
    assert {(192, "any"), (512, "any"), (192, "maskable"), (512, "maskable")} <= sizes


def test_every_page_links_the_manifest() -> None:
    for page in WEB_DIR.glob("*.html"):
        assert '<link rel="manifest" href="/manifest.webmanifest">' in page.read_text(), page.name


def test_the_offline_fallback_says_what_works_offline(client: TestClient) -> None:
    page = client.get("/static/offline-fallback.html").text
    assert "Play the computer" in page and "rules" in page and "courses" in page
    assert "need the network" in page
    served = client.get("/offline-fallback")  # what the service worker caches (FALLBACK)
    assert served.status_code == 200 and served.headers["content-language"] == "en"
    assert "Play the computer" in served.text and "need the network" in served.text


def test_the_offline_fallback_in_the_reader_s_language(client: TestClient) -> None:
    """The service worker caches ``/offline-fallback`` as the server makes it for the reader
    (and again when the pages' language changes): in German for a German reader."""
    page = client.get("/offline-fallback", headers={"Accept-Language": "de-DE,de;q=0.9"})
    assert page.headers["content-language"] == "de" and '<html lang="de">' in page.text
    assert "<title data-t>Offline — shoal</title>" in page.text
    assert "Du bist offline" in page.text and "Gegen den Computer spielen" in page.text
    assert "Nochmal versuchen" in page.text and "You are offline" not in page.text
    sw = (WEB_DIR / "sw.js").read_text()
    assert 'const FALLBACK = "/offline-fallback";' in sw
