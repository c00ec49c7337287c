"""An unknown page gets a real page saying so (status 404); the API keeps answering JSON."""

from __future__ import annotations

from tests.clients import TestClient


def test_an_unknown_page_is_a_page(client: TestClient) -> None:
    response = client.get("/no/such/page", headers={"Accept": "text/html,*/*"})
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")
    assert "Page not found" in response.text and 'href="/"' in response.text
    assert '{"detail"' not in response.text


def test_the_api_still_answers_json(client: TestClient) -> None:
    response = client.get("/api/no-such-thing", headers={"Accept": "text/html"})
    assert response.status_code == 404 and response.json()["detail"]
    response = client.get("/no/such/page")  # a program that does not ask for HTML
    assert response.status_code == 404 and response.json()["detail"] == "Not Found"


def test_the_refusal_pages_speak_the_readers_language(client: TestClient) -> None:
    """An unknown page and an address that does not parse, in Dutch: the page's words, its
    links home, ``<html lang>`` and the catalogue for its top bar (as every page has)."""
    dutch = {"Accept": "text/html,*/*", "Accept-Language": "nl"}
    missing = client.get("/no/such/page", headers=dutch)
    assert missing.status_code == 404
    assert '<html lang="nl">' in missing.text and 'id="shoal-i18n"' in missing.text
    assert "<h1>Pagina niet gevonden</h1>" in missing.text
    assert "Op dit adres staat geen pagina." in missing.text
    assert missing.headers["content-language"] == "nl"
    assert "Page not found" not in missing.text
    bad = client.get("/challenges/abc", headers=dutch)
    assert bad.status_code == 422
    assert "<h1>Geen geldig adres</h1>" in bad.text and "Dit adres is niet geldig: " in bad.text
