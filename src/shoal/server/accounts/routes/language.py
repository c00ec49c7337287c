"""The reader's language (docs/translating.md).

* ``PUT /api/language`` ``{language}``: the language of this browser's pages (the cookie
  ``shoal_lang``) and, signed in, of the account (its ``prefs``' ``language``: every device,
  mail and push). The account's setting wins over the cookie, the cookie over the browser's
  ``Accept-Language`` (:func:`shoal.i18n.choose`).
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Request, Response
from pydantic import BaseModel

from ...errors import ApiError, refusals
from ...language import COOKIE
from ..schemas import LanguageOut
from ..service import AccountsDep, Player, cross_site

__all__ = ["router"]

router = APIRouter(tags=["accounts"], responses=refusals(403))

Language = Literal["en", "nl", "de", "fr", "it", "es"]
"""The languages a reader can choose (``shoal.i18n.LANGUAGES``; a test keeps them in step)."""

YEAR = 365 * 86400


class LanguageIn(BaseModel):
    """The language chosen in the picker."""

    language: Language


@router.put("/api/language", summary="Choose the site's language", response_model=LanguageOut)
def choose_language(
    body: LanguageIn, request: Request, response: Response, user: Player, accounts: AccountsDep
) -> dict[str, Any]:
    if cross_site(request):
        raise ApiError(403, "a change from another site is refused: use this site's pages")
    if user is not None:
        accounts.store.update_user(user.id, prefs={**user.prefs, "language": body.language})
    response.set_cookie(
        COOKIE,
        body.language,
        max_age=YEAR,
        samesite="lax",
        secure=request.url.scheme == "https",
        path="/",
    )
    return {"language": body.language, "account": user is not None}
