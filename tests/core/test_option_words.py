"""One name=value option parser (shoal.core.options.parse_option_words)."""

from __future__ import annotations

import pytest

from shoal.core import InvalidOptionError, parse_option_words
from shoal.core.svg import clickable_cell


def test_words_become_a_dict_in_order() -> None:
    assert parse_option_words(["variant=minor", "seed=7", "note=a=b", "empty="]) == {
        "variant": "minor",
        "seed": "7",
        "note": "a=b",
        "empty": "",
    }
    assert parse_option_words([]) == {}


@pytest.mark.parametrize("word", ["minor", "=minor", ""])
def test_a_word_without_a_name_and_an_equals_sign_is_refused(word: str) -> None:
    with pytest.raises(InvalidOptionError, match="is not an option of the form name=value"):
        parse_option_words(["seed=1", word])


def test_a_name_given_twice_is_refused() -> None:
    with pytest.raises(InvalidOptionError, match="option seed is given twice"):
        parse_option_words(["seed=1", "variant=minor", "seed=2"])


def test_the_clickable_cell_keeps_the_contract_with_the_client() -> None:
    plain = clickable_cell("c3", "rect", 'x="1" y="2" width="3" height="4"')
    lit = clickable_cell("c3", "rect", 'x="1" y="2" width="3" height="4"', highlighted=True)
    assert plain == (
        '<rect class="cell" data-cell="c3" x="1" y="2" width="3" height="4" fill="transparent"/>'
    )
    assert lit.startswith('<rect class="cell hl" data-cell="c3" ')
