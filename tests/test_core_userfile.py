"""The one reader of user files: limits, encodings, NUL bytes, bounded numbers, JSON depth."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardtable.core import CardtableError, Diagnostic, NumberError, UserFileError, nearest
from cardtable.core.userfile import (
    JSON_LIMITS,
    TEXT_LIMITS,
    decode,
    loads,
    parse_count,
    parse_int,
    read_json,
    read_text,
)


def _problem(data: bytes) -> str:
    with pytest.raises(UserFileError) as err:
        decode(data, "f.txt")
    assert isinstance(err.value, CardtableError)
    return str(err.value)


def test_shift_jis_is_named_at_its_line() -> None:
    data = "4 火竜\n4 水竜\n".encode("shift_jis")
    assert _problem(data) == "f.txt:1: not UTF-8 (looks like Shift-JIS?); save it as UTF-8"
    assert _problem(b"ok\n" + data).startswith("f.txt:2: not UTF-8 (looks like Shift-JIS?)")


def test_a_character_cut_at_the_end_says_the_file_was_cut() -> None:
    assert "ends in the middle of a character" in _problem("火竜".encode()[:-1])


def test_utf16_and_random_bytes_are_told_apart() -> None:
    assert "looks like UTF-16" in _problem("4 火竜".encode("utf-16"))
    assert "byte 0x80" in _problem(b"\x80\x81\xfe\xff" * 4)


def test_a_nul_byte_is_refused_at_its_line() -> None:
    assert _problem(b"a\nb\x00c\n") == "f.txt:2: contains a NUL byte (a binary file?)"


def test_a_line_over_the_limit_is_refused() -> None:
    message = _problem(b"ok\n" + b"a" * (TEXT_LIMITS.max_line + 1))
    assert message.startswith("f.txt:2: line is 1,001 characters long; the limit is 1,000")


def test_a_file_over_the_limit_is_not_read_past_it(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    path.write_bytes(b"x\n" * TEXT_LIMITS.max_bytes)
    with pytest.raises(UserFileError, match="larger than the limit of 1,048,576 bytes"):
        read_text(path)


def test_a_utf8_byte_order_mark_is_dropped() -> None:
    assert decode(b"\xef\xbb\xbf4 x\n", "f.txt") == "4 x\n"


def test_missing_files_and_directories_are_plain_messages(tmp_path: Path) -> None:
    with pytest.raises(UserFileError, match=r"nope\.txt: no such file$"):
        read_text(tmp_path / "nope.txt")
    with pytest.raises(UserFileError, match="is a directory"):
        read_text(tmp_path)


@pytest.mark.parametrize("text", ["²", "①", "٣", "1_0", "", "x", "-1", "1.0", "+3"])
def test_only_ascii_and_full_width_digits_count(text: str) -> None:
    with pytest.raises(NumberError, match="from 0 to 40"):
        parse_count(text, 0, 40)


def test_full_width_digits_and_leading_zeros_read_as_numbers() -> None:
    assert parse_count("１２", 0, 40) == 12
    assert parse_count(" 007 ", 0, 40) == 7
    assert parse_int("-3", -5, 5) == -3


def test_a_huge_count_is_refused_before_conversion() -> None:
    with pytest.raises(NumberError, match="must be from 1 to 99"):
        parse_count("9" * 100_000, 1, 99)


@pytest.mark.parametrize("text", ["[" * 100_000, "[" * 70 + "]" * 70])
def test_deep_json_is_a_clear_error(text: str) -> None:
    with pytest.raises(UserFileError, match=f"nested more than {JSON_LIMITS.max_depth} levels"):
        loads(text, "r.json")


@pytest.mark.parametrize("text", ["[NaN]", "1" * 5000, '{"a":'])
def test_json_that_python_would_half_accept_is_refused(text: str) -> None:
    with pytest.raises(UserFileError, match="not valid JSON"):
        loads(text, "r.json")


def test_json_syntax_errors_name_the_line(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text('{\n "a": 1,\n}\n', "utf-8")
    with pytest.raises(UserFileError, match=r"r\.json:3: not valid JSON"):
        read_json(path)


def test_a_whole_file_problem_prints_without_a_line() -> None:
    assert str(Diagnostic("f.txt", 0, "too big")) == "f.txt: too big"


def test_nearest_word_skips_candidates_no_typo_could_reach() -> None:
    assert nearest("x" * 200_000, ["life", "deck_size"]) is None
    assert nearest("lfe", ["life"]) == "life"
