"""Local mode's key and lock under the data directory."""

from __future__ import annotations

import os

import pytest

from webapp.local_host import DataDirBusy, DataDirLock, LocalMode


def test_the_key_is_made_once_private_and_kept(tmp_path):
    first = LocalMode.kept_in(tmp_path / "data")
    key = tmp_path / "data" / "local-secret"
    assert key.stat().st_mode & 0o777 == 0o600
    assert LocalMode.kept_in(tmp_path / "data").secret == first.secret
    assert [p.name for p in (tmp_path / "data").iterdir()] == ["local-secret"]  # no leftovers
    assert "secret" not in repr(first) or first.secret not in repr(first)


def test_a_readable_key_is_made_private_and_an_unusable_one_replaced(tmp_path):
    kept = LocalMode.kept_in(tmp_path)
    key = tmp_path / "local-secret"
    key.chmod(0o644)
    assert LocalMode.kept_in(tmp_path).secret == kept.secret
    assert key.stat().st_mode & 0o777 == 0o600
    key.write_text("short")
    fresh = LocalMode.kept_in(tmp_path)
    assert fresh.secret != kept.secret and len(fresh.secret) >= 32
    assert key.stat().st_mode & 0o777 == 0o600


def test_one_lock_per_data_directory(tmp_path):
    lock = DataDirLock(tmp_path).acquire()
    with pytest.raises(DataDirBusy):
        DataDirLock(tmp_path).acquire()
    assert (tmp_path / "local.lock").read_text().strip() == str(os.getpid())
    lock.release()
    DataDirLock(tmp_path).acquire().release()
