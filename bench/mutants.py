"""``uv run python -m bench.mutants``: one deliberate bug at a time in the store's code.

Each mutant replaces one exact piece of ``companion/`` (it must occur once) in a copy of
the tree, runs the tests that should catch it, and counts it killed when they fail. The
unmutated copy must pass the same tests first, so a mutant is never "killed" by a test
that fails anyway. The first six are the survivors of issue 20; then the code added for
issue 18, and issue 32's (the stick, the import, the unsaved game, and the behaviours
its mutation run found unpinned), and issue 46's (the survivors of an independent
mutation run). Exit status 0 only when every mutant is killed.

(Dropping ``O_CLOEXEC`` from the lock file's ``open`` is equivalent in Python, whose
``os.open`` makes every descriptor non-inheritable anyway: the listed mutant makes it
inheritable instead.)

(A mutant that skips the check for an unreadable row in the replayed tail is not
listed: it is equivalent, since the replay then loads that row itself and stops at
it with the same reason.)
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Mutant:
    name: str
    file: str
    original: str
    mutated: str
    tests: tuple[str, ...]


OPEN = "tests/store/test_store_open.py"
USB = "tests/store/test_usb_export.py"
HOSTILE = "tests/store/test_import_hostile.py"
NOT_SAVED = "tests/ui/test_ui_not_saved.py"
EDGES = "tests/store/test_resume_edges.py"
LOCK = "tests/store/test_folder_lock.py"
DETAILS = "tests/store/test_export_details.py"
SKIP = "tests/store/test_skip_damaged.py"
FRAMES = "tests/devices/test_pn532_frames.py"
READER = "tests/devices/test_pn532_reader.py"
CONFIG = "tests/devices/test_devices_config.py"
WRITER = "tests/store/test_writer.py"
AVE_ROMA = "tests/games/ave_roma/test_ave_roma.py"
LINE_LIMIT = "tests/devices/test_bridge.py::" \
    "test_a_line_of_max_line_bytes_is_read_and_one_byte_more_is_dropped"
MUTANTS = (
    Mutant("integrity verdict ignored", "companion/log/opening.py",
           'if verdict != "ok":\n            raise Damaged',
           'if False:\n            raise Damaged',
           (f"{OPEN}::test_integrity_check_that_reports_errors_means_damage",)),
    Mutant("read-only open not flagged", "companion/log/opening.py",
           "return Opened(db, read_only=True, notices=notices)",
           "return Opened(db, read_only=False, notices=notices)",
           (f"{OPEN}::test_read_only_open_is_flagged_root_or_not",)),
    Mutant("no ROLLBACK after a failed write", "companion/log/database.py",
           'if db.in_transaction:\n                    db.execute("ROLLBACK")',
           'if False:\n                    db.execute("ROLLBACK")',
           ("tests/store/test_store.py::test_a_failed_write_is_rolled_back_and_the_next_one_works",)),
    Mutant("damaged logs of one second overwrite each other", "companion/log/opening.py",
           'while any(Path(str(aside) + extra).exists() for extra in ("", *SIDECARS)):',
           "while False:",
           (f"{OPEN}::test_two_damaged_logs_in_the_same_second_are_both_kept",)),
    Mutant("-wal/-shm left behind a damaged log", "companion/log/opening.py",
           "for extra in (*SIDECARS, CHECK_FAILED_SUFFIX):",
           "for extra in ():",
           (f"{OPEN}::test_wal_and_shm_go_aside_with_a_damaged_log",)),
    Mutant("writer generation check removed", "companion/log/writer.py",
           "if job.generation <= self._failed_generation.get(game_id, -1):",
           "if False:",
           ("tests/store/test_writer.py::test_a_transient_failure_fails_what_was_checked_against_it",)),
    # -- issue 18's new code ------------------------------------------------------------
    Mutant("every open failure called damage", "companion/log/opening.py",
           "return code is not None and code & 0xFF in DAMAGE_CODES",
           "return code is not None",
           (f"{OPEN}::test_io_error_at_start_opens_read_only_with_words",
            f"{OPEN}::test_sqlite_full_error_is_not_damage")),
    Mutant("stranger WAL applied", "companion/log/opening.py",
           "if seen == own:\n        return _set_older_wal_aside",
           "if True:\n        return _set_older_wal_aside",
           (f"{OPEN}::test_stranger_wal_is_moved_aside_not_applied",)),
    Mutant("meta page not written by every transaction", "companion/log/database.py",
           "db.execute(\"UPDATE meta SET value = value + 1 WHERE key = 'writes'\")",
           "pass",
           (f"{OPEN}::test_our_own_wal_after_a_pulled_plug_is_applied",
            "tests/store/test_migrations.py")),
    Mutant("folder lock shared", "companion/log/folder_lock.py",
           "fcntl.LOCK_EX | fcntl.LOCK_NB", "fcntl.LOCK_SH | fcntl.LOCK_NB",
           ("tests/store/test_app_store_paths.py::"
            "test_the_folder_lock_is_exclusive_and_released_with_its_holder",)),
    Mutant("newer schema opened", "companion/log/opening.py",
           "if found > SCHEMA_VERSION:", "if False:",
           ("tests/store/test_migrations.py::test_a_newer_schema_is_refused_and_left_untouched",)),
    Mutant("failed migration not rolled back", "companion/log/migrations.py",
           'if db.in_transaction:\n            db.execute("ROLLBACK")',
           "if False:\n            pass",
           ("tests/store/test_migrations.py::test_a_failing_step_leaves_the_log_as_it_was",)),
    Mutant("replay stop not kept: moves go on after it", "companion/log/session.py",
           "self.replay_stopped_at = limit", "self.replay_stopped_at = None",
           ("tests/store/test_replay_stop.py",)),
    Mutant("set-aside keeps stale snapshots", "companion/log/store.py",
           'db.execute("DELETE FROM snapshots WHERE game_id = ? AND origin >= ?",',
           'db.execute("SELECT ?, ?",',
           ("tests/store/test_replay_stop.py",)),
    Mutant("writer never abandons", "companion/log/writer.py",
           "if self._abandon.is_set():", "if False:",
           ("tests/store/test_app_store_paths.py::test_shutdown_with_a_stalled_queue_abandons_cleanly",)),
    Mutant("no bound on moves in flight", "companion/log/session.py",
           "if len(self._pending) >= MAX_PENDING:", "if False:",
           ("tests/store/test_app_store_paths.py::"
            "test_a_slow_disk_shows_saving_and_refuses_moves_past_the_bound",)),
    Mutant("writes after close reach a closed connection", "companion/log/database.py",
           "if self._closed:", "if False:",
           ("tests/store/test_store.py::test_write_after_close_is_a_store_error_not_a_crash",)),
    Mutant("fork keeps sharing the undone tail", "companion/log/folding.py",
           "self.shared = self.cursor\n", "pass\n",
           ("tests/store/test_timeline_fork.py",)),
    Mutant("background verdict forgotten at the next start", "companion/log/opening.py",
           "full=check_failed_marker(path).exists()", "full=False",
           (f"{OPEN}::test_damage_in_the_long_log_is_found_in_the_background_then_set_aside",)),
    # -- issue 32: the USB stick, the import, the CSV export ---------------------------------
    Mutant("export created through a link on the stick", "companion/system/usb.py",
           "os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC",
           "os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC",
           (f"{USB}::test_a_link_that_appears_after_the_names_were_chosen_is_not_followed",)),
    Mutant("stick folder that is a link followed", "companion/system/usb.py",
           "os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC",
           "os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC",
           (f"{USB}::test_a_stick_folder_that_is_a_link_is_refused",)),
    Mutant("export files not flushed before unplug", "companion/system/usb.py",
           "os.fsync(handle.fileno())", "pass",
           (f"{USB}::test_every_file_and_the_folder_are_on_the_stick_before_it_may_be_unplugged",)),
    Mutant("import accepts control characters", "companion/log/limits.py",
           "            return False\n", "            return True\n",
           (f"{HOSTILE}::test_a_hostile_file_is_refused_in_one_line_and_adds_nothing",)),
    Mutant("import writes a game per transaction", "companion/history/exchange.py",
           "added = store.import_games(new_games(handle))",
           "added = sum(store.import_games([game]) for game in new_games(handle))",
           (f"{HOSTILE}::test_a_failure_while_writing_keeps_none_of_the_games",)),
    Mutant("CSV formula cells not escaped", "companion/history/exchange.py",
           "return \"'\" + value", "return value",
           ("tests/store/test_exchange.py::test_csv_cells_that_a_spreadsheet_would_run_are_text",)),
    Mutant("game that cannot be saved starts without asking", "companion/ui/screens/new_game.py",
           "        if unsaved is None:\n", "        if True:\n",
           (f"{NOT_SAVED}::test_a_game_that_cannot_be_saved_is_asked_for_then_marked_on_every_frame",)),
    Mutant("no NOT SAVED band on the table", "companion/ui/screens/table.py",
           "if self.app.store.unsaved is not None:", "if False:",
           (f"{NOT_SAVED}::test_a_game_that_cannot_be_saved_is_asked_for_then_marked_on_every_frame",)),
    Mutant("older WAL of the same database applied", "companion/log/opening.py",
           "if in_file is None or with_log is None or with_log >= in_file:", "if True:",
           ("tests/store/test_older_wal.py::test_an_older_wal_of_the_same_database_is_set_aside",)),
    Mutant("a WAL already folded in called older", "companion/log/opening.py",
           "with_log >= in_file:", "with_log > in_file:",
           ("tests/store/test_older_wal.py::test_a_wal_already_folded_in_is_applied_quietly",)),
    Mutant("skip ignores the undos after the damaged move", "companion/log/skip_damaged.py",
           "return SkipPlan(damaged, len(shown) - common,", "return SkipPlan(damaged, 0,",
           (f"{SKIP}::test_undos_after_the_damaged_move_keep_their_meaning",)),
    Mutant("skip checks each move against the state before the damaged one",
           "companion/log/skip_damaged.py",
           "            state = session.rules.apply(state, entry.action)",
           "            session.rules.apply(state, entry.action)",
           (f"{SKIP}::test_the_later_moves_that_apply_are_played_again",)),
    Mutant("skip reuses the seqs set aside", "companion/log/store.py",
           "            first = int(row[0]) + 1", "            first = from_seq",
           (f"{SKIP}::test_the_later_moves_that_apply_are_played_again",)),
    # -- issue 32: behaviours no test pinned down --------------------------------------------
    Mutant("app's writer reports seq 0: no snapshot on the app's path", "companion/log/writer.py",
           "self._events.put(Committed(job, seq))", "self._events.put(Committed(job, 0))",
           (f"{EDGES}::test_the_apps_log_writer_saves_snapshots_at_their_log_entry",)),
    Mutant("resume steps past the end on a redo with nothing to redo", "companion/log/folding.py",
           "elif cursor < len(origins):  # redo", "else:  # redo",
           (f"{EDGES}::test_a_log_ending_in_a_redo_with_nothing_to_redo_resumes",)),
    Mutant("log fold steps past the end on a redo", "companion/log/folding.py",
           'elif entry.kind == "redo" and cursor < len(actions):',
           'elif entry.kind == "redo":',
           (f"{EDGES}::test_a_log_ending_in_a_redo_with_nothing_to_redo_resumes",)),
    Mutant("snapshot used though the log disagrees", "companion/log/session.py",
           "if 0 < applied <= cursor and origins[applied - 1] == origin:",
           "if 0 < applied <= cursor:",
           (f"{EDGES}::test_a_snapshot_that_disagrees_with_the_log_is_not_used",)),
    Mutant("lock file not truncated", "companion/log/folder_lock.py",
           "os.ftruncate(fd, 0)", "pass",
           (f"{LOCK}::test_the_lock_file_names_only_its_holder",)),
    Mutant("lock inherited by children", "companion/log/folder_lock.py",
           "os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)",
           "os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644); os.set_inheritable(fd, True)",
           (f"{LOCK}::test_a_child_process_does_not_inherit_the_lock",)),
    Mutant("profile games counted by exact case in the migration", "companion/log/migrations.py",
           "(SELECT count(*) FROM players q WHERE q.name = p.name COLLATE NOCASE)",
           "(SELECT count(*) FROM players q WHERE q.name = p.name)",
           ("tests/store/test_migrations.py::"
            "test_step_5_matches_profile_names_whatever_their_case",)),
    Mutant("profile names case-sensitive", "companion/log/migrations.py",
           "name TEXT PRIMARY KEY COLLATE NOCASE,", "name TEXT PRIMARY KEY,",
           ("tests/store/test_migrations.py::"
            "test_step_5_matches_profile_names_whatever_their_case",)),
    Mutant("play id rounded to the second", "companion/history/exchange_schema.py",
           "json.dumps([game, round(created, 3),", "json.dumps([game, round(created),",
           (f"{DETAILS}::test_a_plays_id_keeps_the_start_times_precision",)),
    Mutant("tied ranks do not skip", "companion/games/base.py",
           "        return tuple(1 + sum(other > key for other in keys) for key in keys)",
           "        return tuple(1 + len({o for o in keys if o > key}) for key in keys)",
           (f"{DETAILS}::test_tied_players_share_a_rank_and_the_next_rank_skips",)),
    Mutant("start player always the first seat", "companion/history/exchange.py",
           "        return times[0][0]", "        return 0",
           (f"{DETAILS}::test_the_start_player_is_the_first_on_turn",)),
    Mutant("a game already here imported again", "companion/history/exchange.py",
           "if _uid_of(game) in known or whole in fresh:", "if whole in fresh:",
           (f"{DETAILS}::test_an_imported_game_is_never_imported_twice",)),
    Mutant("a game twice in one file imported twice", "companion/history/exchange.py",
           "if _uid_of(game) in known or whole in fresh:", "if _uid_of(game) in known:",
           (f"{DETAILS}::test_an_imported_game_is_never_imported_twice",)),
    Mutant("a play of 0 minutes", "companion/history/exchange.py",
           "max(1, round((record.ended - record.created) / 60))",
           "round((record.ended - record.created) / 60)",
           (f"{DETAILS}::test_a_plays_length_is_never_zero_minutes",)),
    Mutant("one pin drops the other buttons", "companion/devices/config.py",
           "            pins[name] = pin\n"
           "        return {name: pins[name] for name in BUTTON_NAMES}",
           "            pass\n        return pins",
           ("tests/devices/test_devices_config.py::test_one_pin_keeps_every_other_button_on_its_default",)),
    # -- issue 32: device behaviours no test pinned down ----------------------------------
    Mutant("PN532 data checksum checked over 7 bits", "companion/devices/pn532_frames.py",
           "if (sum(body) + buf[end]) & 0xFF:", "if (sum(body) + buf[end]) & 0x7F:",
           (f"{FRAMES}::test_every_single_bit_flip_of_a_tag_answer_is_caught_by_a_checksum",)),
    Mutant("PN532 frame naming three targets taken", "companion/devices/pn532_frames.py",
           "if count > 2:", "if count > 3:",
           (f"{FRAMES}::test_a_frame_naming_three_targets_is_refused",)),
    Mutant("bridge line with control characters taken", "companion/devices/bridge_protocol.py",
           "if not star or not line.isprintable() or", "if not star or",
           ("tests/devices/test_bridge.py::"
            "test_a_line_with_unprintable_characters_is_refused_whatever_its_checksum",)),
    Mutant("long press reported after the release", "companion/devices/buttons.py",
           "if self._filter.level and not self._long_sent:", "if not self._long_sent:",
           ("tests/devices/test_buttons.py::test_a_long_press_is_not_reported_after_the_release",)),
    Mutant("devices.toml takes GPIO 28", "companion/devices/config.py",
           "BCM_PINS = range(0, 28)", "BCM_PINS = range(0, 29)",
           (f"{CONFIG}::test_gpio_28_and_above_are_refused_and_27_is_the_last_pin",)),
    Mutant("devices.toml takes an absurd baud rate", "companion/devices/config.py",
           "BAUD_RATES = range(300, 4_000_001)", "BAUD_RATES = range(300, 2**64)",
           (f"{CONFIG}::test_an_absurd_baud_rate_is_refused",)),
    Mutant("devices.toml takes a control button as a seat", "companion/devices/config.py",
           "if seat not in BUTTON_NAMES[:5]:", "if seat not in BUTTON_NAMES:",
           (f"{CONFIG}::test_a_control_button_is_refused_as_a_seat",)),
    Mutant("devices.toml parser recursion not caught", "companion/devices/config.py",
           "    except RecursionError:", "    except ZeroDivisionError:",
           (f"{CONFIG}::test_nesting_too_deep_for_the_parser_is_a_notice_not_a_crash",)),
    Mutant("unprintable port name taken", "companion/devices/config.py",
           "if not port.isprintable() or len(port) > MAX_PORT_LENGTH:",
           "if len(port) > MAX_PORT_LENGTH:",
           (f"{CONFIG}::test_a_port_with_unprintable_characters_is_refused_in_words",)),
    Mutant("text drawn as it came", "companion/ui/text_shaping.py",
           "    text = drawable(text)\n", "",
           ("tests/ui/test_text_fonts.py::test_any_string_at_all_is_measured_wrapped_and_drawn",
            "tests/ui/test_device_notices.py")),
    Mutant("PN532 lost answer taken for an empty field", "companion/devices/pn532.py",
           "if waiting and self._acked and not self._garbled",
           "if self._acked and not self._garbled",
           (f"{READER}::test_an_answer_lost_after_its_ack_is_no_reading_not_an_empty_field",)),
    Mutant("PN532 field not reset after a failed read", "companion/devices/pn532.py",
           "        self._field_on = True  # unless a valid answer says no tag was selected\n", "",
           (f"{READER}::test_a_spoiled_header_on_the_answer_to_a_wait_does_not_blind_the_reader",)),
    Mutant("PN532 present tag missed without a field reset", "companion/devices/pn532.py",
           "self._field_on = self._listed or bool(self._presence.present)",
           "self._field_on = self._listed",
           (f"{READER}::test_a_field_reset_that_did_not_happen_does_not_take_the_tag_away",)),
    Mutant("PN532 spoiled bytes leave no mark", "companion/devices/pn532_frames.py",
           "        if self._buffer[:count].strip(b\"\\x00\") and messages[-1:] != [Garbled()]:",
           "        if False:",
           (f"{FRAMES}::test_corrupt_length_checksum_drops_the_frame",)),
    Mutant("PN532 noise counted as a lost reader", "companion/devices/pn532.py",
           "if (self._silences >= self._timing.silences_before_lost",
           "if (self._failures >= 3",
           (f"{READER}::test_a_tag_that_never_moves_arrives_once_on_a_noisy_line",)),
    Mutant("a flapping reader that stays out is never said lost",
           "companion/devices/reader_thread.py",
           "self._clock() - self._unsaid_loss[0] >= OUT_GRACE", "False",
           ("tests/devices/test_reader_thread.py::"
            "test_a_reader_unplugged_again_soon_and_left_out_is_said_to_be_lost",)),
    Mutant("a lost reader's status passes", "companion/ui/device_line.py",
           "return self._still_out(now) if self._out else None", "return None",
           ("tests/ui/test_device_notices.py::test_a_lost_reader_is_said_for_as_long_as_it_is_out",
            "tests/ui/test_device_notices.py::"
            "test_a_word_about_another_device_does_not_hide_a_reader_that_is_out")),
    Mutant("a full card's moves called read-only", "companion/log/database.py",
           "raise StoreError(self.refusal)",
           'raise StoreError(_("The game log is on read-only storage; nothing can be saved."))',
           ("tests/store/test_store_refusals.py::"
            "test_a_full_card_says_full_at_every_refused_move_never_read_only",)),
    Mutant("a read-only log file opened writable", "companion/log/opening.py",
           "        check_writable(db)\n", "",
           ("tests/store/test_store_refusals.py::test_a_read_only_database_file_gets_a_start_up_notice",)),
    # -- issue 46: survivors of an independent mutation run ---------------------------------
    Mutant("a game without a token forgets the profile's token", "companion/log/store.py",
           "token = player.token or (row[1] if row else None)", "token = player.token",
           ("tests/store/test_store.py::test_a_game_without_a_token_keeps_the_profiles_token",)),
    Mutant("close does not wait for the queue", "companion/log/writer.py",
           "self._thread.join(timeout)", "self._thread.join(0)",
           (f"{WRITER}::test_close_waits_for_a_slow_disk_to_take_every_move",)),
    Mutant("33 moves may wait for the disk", "companion/log/session.py",
           "MAX_PENDING = 32", "MAX_PENDING = 33",
           (f"{WRITER}::test_thirty_two_moves_may_wait_for_the_disk_and_the_next_is_refused",)),
    Mutant("Ave Roma takes a surplus cap of 1", "companion/games/ave_roma/rules.py",
           "or cap < 2):", "or cap < 1):",
           (f"{AVE_ROMA}::test_a_surplus_cap_below_the_starting_surplus_is_refused",)),
    Mutant("Ave Roma offers political points beyond 30", "companion/games/ave_roma/rules.py",
           "default = min(seat.political, POLITICAL_CAP) if", "default = seat.political if",
           (f"{AVE_ROMA}::test_the_political_points_offered_never_pass_the_cap_of_30",)),
    Mutant("PN532 normal frame of 255 bytes built", "companion/devices/pn532_frames.py",
           "if len(body) > 254:", "if len(body) > 255:",
           (f"{FRAMES}::test_a_normal_frame_holds_at_most_254_bytes_so_its_len_is_never_ff",)),
    Mutant("bridge line of MAX_LINE bytes refused", "companion/devices/bridge_protocol.py",
           "if len(raw) > MAX_LINE:", "if len(raw) >= MAX_LINE:", (LINE_LIMIT,)),
    Mutant("bridge line one byte over MAX_LINE split off", "companion/devices/bridge_protocol.py",
           "len(self._partial) <= MAX_LINE:", "len(self._partial) <= MAX_LINE + 1:",
           (LINE_LIMIT,)),
    Mutant("bridge line of MAX_LINE bytes in pieces dropped",
           "companion/devices/bridge_protocol.py",
           "        if len(self._partial) > MAX_LINE:",
           "        if len(self._partial) >= MAX_LINE:", (LINE_LIMIT,)),
)


def _copy_tree(target: Path) -> None:
    for part in ("companion", "tests", "bench", "hardware"):
        if (ROOT / part).exists():
            shutil.copytree(ROOT / part, target / part,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    shutil.copy2(ROOT / "pyproject.toml", target / "pyproject.toml")


def _pytest(tree: Path, tests: tuple[str, ...], timeout: float) -> tuple[bool, str]:
    """Run ``tests`` in ``tree`` (its own ``companion`` first on the path); passed?"""
    env = {**os.environ, "PYTHONPATH": str(tree), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PYTHONDONTWRITEBYTECODE": "1"}
    command = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
               "-p", "no:randomly", *tests]
    try:
        done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True,
                              timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return False, "timed out"
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    failed = [line for line in lines if line.startswith("FAILED")]
    summary = (failed or lines or [done.stderr.strip()[-200:]])[-1]
    return done.returncode == 0, summary[:120]


def run(mutants: tuple[Mutant, ...], timeout: float) -> int:
    with tempfile.TemporaryDirectory(prefix="mutants-") as folder:
        tree = Path(folder)
        _copy_tree(tree)
        every_test = tuple(sorted({test for mutant in mutants for test in mutant.tests}))
        passed, summary = _pytest(tree, every_test, timeout * 4)
        if not passed:
            print(f"the unmutated tests fail ({summary}); nothing can be measured")
            return 2
        killed = 0
        print(f"{'mutant':<52} {'verdict':<9} tests")
        for mutant in mutants:
            path = tree / mutant.file
            source = path.read_text(encoding="utf-8")
            if source.count(mutant.original) != 1:
                print(f"{mutant.name:<52} {'STALE':<9} the code it changes is not there once")
                continue
            started = time.monotonic()
            path.write_text(source.replace(mutant.original, mutant.mutated),
                            encoding="utf-8")
            try:
                survived, summary = _pytest(tree, mutant.tests, timeout)
            finally:
                path.write_text(source, encoding="utf-8")
            killed += not survived
            verdict = "survived" if survived else "killed"
            print(f"{mutant.name:<52} {verdict:<9} {summary} "
                  f"({time.monotonic() - started:.1f} s)")
        print(f"\n{killed} of {len(mutants)} mutants killed")
        return 0 if killed == len(mutants) else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.mutants", description=__doc__)
    parser.add_argument("--only", default="", help="run the mutants whose name has this text")
    parser.add_argument("--timeout", type=float, default=300.0,
                        help="seconds per mutant's test run (default 300)")
    args = parser.parse_args(argv)
    chosen = tuple(m for m in MUTANTS if args.only.lower() in m.name.lower())
    return run(chosen, args.timeout)


if __name__ == "__main__":
    sys.exit(main())
