"""The contract search's prunings and caches, and which of them a search uses.

The search (:mod:`..contract_search`) is a plain depth-first search; everything that only
makes it faster is here, each in a module of its own with a worked hand saying what it
cuts and why that is sound:

- :mod:`.memo`: ``memo``, the states seen to fail are not searched again;
- :mod:`.card_count`: ``card-count``, the cards left reach the melds still to make (and a
  card to discard);
- :mod:`.run_places`: ``run-places``, runs on a line of their own (turning the corner,
  with holes, wilds apart or capped) have places left in their suits;
- :mod:`.card_homes`: ``card-homes``, all out, every card left has a meld still open it
  could go into;
- :mod:`.group_room`: ``group-room``, the colour melds and flushes still to make have
  their cards, colour by colour, with the wilds free;
- :mod:`.run_suits`: ``run-suits``, where runs must be of different suits, each run
  still to make has a suit of its own;
- :mod:`.meld_wilds`: ``meld-wilds``, the melds still to make need no more wilds than are
  free;
- :mod:`.run_room`: ``run-room``, the runs still to make fit in their suits with the
  wilds free;
- :mod:`.cover`: ``cover``, all out, every card has an open meld to go to;
- :mod:`.run_cards`: ``run-cards``, all out, the runs still to make have the cards they
  need, suit by suit.

Some keep answers per suit in a cache (``meld-wilds cache`` ...).

A :class:`Prunings` value says which are on (all, by default); ``benchmarks/arranger.py
--prunings`` times the search with each off in turn, and ``tests/rules/test_prunings.py``
checks that the answers never change.

>>> Prunings().on("cover"), Prunings().without("cover").on("cover")
(True, False)
>>> Prunings.only("memo").on("memo"), Prunings.only("memo").on("cover")
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..solver_model import SearchRules
from . import (
    card_count,
    card_homes,
    cover,
    group_room,
    meld_wilds,
    memo,
    run_cards,
    run_places,
    run_room,
    run_suits,
)
from .pruning import Asked, Check, Pruning

# In the order the search asks them: the cheap and the sharp first.
CHECKS: tuple[Pruning, ...] = (
    card_count.PRUNING,
    group_room.PRUNING,
    run_suits.PRUNING,
    run_places.PRUNING,
    card_homes.PRUNING,
    meld_wilds.PRUNING,
    run_room.PRUNING,
    cover.PRUNING,
    run_cards.PRUNING,
)
MEMO = memo.NAME

CUTS: dict[str, str] = {
    MEMO: "a state seen to fail is not searched again",
    **{p.name: p.cuts for p in CHECKS},
    **{p.cache: "keeps its answers per suit" for p in CHECKS if p.cache},
}
NAMES: tuple[str, ...] = tuple(CUTS)


@dataclass(frozen=True)
class Prunings:
    """Which prunings, caches and tricks are switched off (none, by default)."""

    off: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        unknown = sorted(self.off - set(NAMES))
        if unknown:
            raise ValueError(f"no such pruning: {', '.join(unknown)}")

    @classmethod
    def only(cls, *names: str) -> Prunings:
        """Only ``names`` on."""
        return cls(frozenset(NAMES) - set(names))

    def on(self, name: str) -> bool:
        return name not in self.off

    def without(self, *names: str) -> Prunings:
        return Prunings(self.off | set(names))

    def checks(self, rules: SearchRules) -> tuple[Asked, ...]:
        """The checks a search under ``rules`` asks at every node, in order, each with the
        steps it costs (:attr:`.Pruning.steps`): those on and sound for the rules, each with
        its cache if that is on."""
        return _checks(self.off, rules)


@lru_cache(maxsize=256)
def _checks(off: frozenset[str], rules: SearchRules) -> tuple[Asked, ...]:
    out = []
    for pruning in CHECKS:
        if pruning.name in off or not pruning.sound_for(rules):
            continue
        plain = pruning.plain_check is not None and pruning.cache in off
        check = pruning.plain_check if plain and pruning.plain_check else pruning.check
        out.append(Asked(check, pruning.steps))
    return tuple(out)


ALL = Prunings()


def clear_caches() -> None:
    """Forget the answers the caches keep (for the benchmark's fair comparisons)."""
    meld_wilds.kept_run_wilds.cache_clear()
    run_room.kept_most_runs.cache_clear()
    run_room.kept_fewest_wilds_for_runs.cache_clear()
    group_room.groups_fit.cache_clear()
    run_suits.runs_fit.cache_clear()
    card_homes.window_homes.cache_clear()


__all__ = ["ALL", "CUTS", "MEMO", "NAMES", "Asked", "Check", "Prunings", "clear_caches"]
