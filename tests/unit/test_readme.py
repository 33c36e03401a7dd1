"""The README's Python examples run as written, and the values their comments claim are what they give.

A README that drifts from the package is the first thing a new user meets; each ```python block of
``README.md`` is run here in a fresh namespace (the Dask block, which needs a cluster, excepted), and a line
``expr  # words: <a Python value>`` must evaluate to that value.
"""
from __future__ import annotations

import ast
import contextlib
import io
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def block(marker: str) -> str:
    found = [b for b in BLOCKS if marker in b]
    assert len(found) == 1, f"README: expected one ```python block containing {marker!r}, found {len(found)}"
    return found[0]


def claims(code: str) -> list[tuple[str, object]]:
    """``(expression, value)`` for each line whose comment ends in ``: <a Python literal>``."""
    out = []
    for line in code.splitlines():
        expr, _, comment = line.partition("#")
        m = re.search(r":\s*(\[[^\]]*\]|-?\d+M?)\s*$", comment)
        if expr.strip() and m:
            out.append((expr.strip(), ast.literal_eval(m.group(1).rstrip("M"))))
    return out


def run(code: str) -> tuple[dict, str]:
    ns: dict = {}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(README), "exec"), ns)
    return ns, out.getvalue()


def test_every_python_block_of_the_readme_is_run_here():
    run_here = ["eb.cheapest_build(board, rules, \"London\", \"Paris\")", "play_strategies(game.clone())"]
    left = [b for b in BLOCKS if not any(m in b for m in run_here)]
    assert len(left) == 1 and "tcp://scheduler" in left[0], "a new README block: run it in this file"


def test_using_the_package_prices_london_to_paris_and_refuses_a_first_build_from_bordeaux():
    ns, printed = run(block('eb.cheapest_build(board, rules, "London", "Paris")'))
    plan = ns["plan"]
    assert printed.startswith(f"{plan.cost} Build London -> Paris: {plan.cost}M over ")
    # the comment's claim: the rule and the reason of the refusal
    assert "Build Phase Rules > Beginning Construction | Your first track must start from a major city or key " \
           "city milepost" in printed
    game = ns["game"]
    assert [p.name for p in game.state.players] == ["Ann", "Ben"] and game.state.players[0].cash == 50 - plan.cost


@pytest.mark.slow   # two scripted Empire Express games and ten-turn planner openings for each colour: ~10 s
def test_the_empire_express_example_pays_what_its_comments_say():
    code = block("play_strategies(game.clone())")
    ns, _ = run(code)
    said = claims(code)
    assert len(said) == 2, said
    for expr, value in said:
        assert eval(expr, ns) == value, f"README: {expr} gives {eval(expr, ns)}, the comment says {value}"
