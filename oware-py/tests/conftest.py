"""Fixtures for the oware test suite."""

from __future__ import annotations

import pytest
from helpers import PRESETS


@pytest.fixture(params=PRESETS)
def preset(request: pytest.FixtureRequest) -> str:
    return str(request.param)
