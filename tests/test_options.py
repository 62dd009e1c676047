from __future__ import annotations

import pytest

from maintext.options import LineBlockOptions, Options, make_options


def test_defaults_are_the_papers():
    opts = Options()
    assert opts.lineblock.block_thickness == 3  # CX: K = 3


def test_updated_accepts_section_dicts_and_leaves_original_alone():
    base = Options()
    new = base.updated(explain=True, lineblock={"block_thickness": 4})
    assert new.explain is True and new.lineblock.block_thickness == 4
    assert base.explain is False and base.lineblock.block_thickness == 3
    assert isinstance(new.lineblock, LineBlockOptions)


def test_unknown_setting_is_a_clear_error():
    with pytest.raises(TypeError, match="no setting 'nope'"):
        Options().updated(nope=1)
    with pytest.raises(TypeError, match="LineBlockOptions has no setting 'k'"):
        make_options(None, lineblock={"k": 2})


def test_make_options_without_overrides_returns_the_same_object():
    opts = Options()
    assert make_options(opts) is opts
