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
